import { Empty } from 'antd';
import type { ReactNode } from 'react';
import './empty-state.css';

type Props = {
  /** What is (not) there, in the screen's words: 顧客データがありません, 検索条件に一致する…. */
  description: ReactNode;
  /** A way on, such as a 新規登録 button. */
  children?: ReactNode;
};

/**
 * The message a list shows when it has nothing to show. It wraps its words to the width it is given
 * and centres them; inside VirtualTable's `empty` it sits over the visible part of the list.
 */
export function EmptyState({ description, children }: Props) {
  return (
    <Empty className="empty-state" image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
    </Empty>
  );
}

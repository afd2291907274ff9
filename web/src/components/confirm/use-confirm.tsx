import { useCallback, type ReactNode } from 'react';
import { ja } from '../../i18n/ja';
import { useAppApis } from '../app-feedback';
import './confirm.css';

const t = ja.list;

/** Give a danger button (削除) this class, so its red is dark enough to read. */
export const DANGER_BUTTON_CLASS = 'danger-readable';

export type ConfirmOptions = {
  title: string;
  content?: ReactNode;
  okText: string;
  /** A red OK button, and focus starts on キャンセル so Enter does not destroy anything. */
  danger?: boolean;
  /** Runs on OK; while a promise it returns is pending the OK button shows it is busy. */
  onOk: () => unknown;
  /** Above antd's default (1000), for a confirmation asked from a cover such as the lock. */
  zIndex?: number;
};

/** Asks before an action, with buttons a finger can hit (48 px, antd's large size). */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { modal } = useAppApis();
  return useCallback(
    ({ title, content, okText, danger = false, onOk, zIndex }: ConfirmOptions) => {
      void modal.confirm({
        title,
        zIndex,
        content,
        okText,
        cancelText: t.cancel,
        focusable: { autoFocusButton: danger ? 'cancel' : 'ok' },
        okButtonProps: { size: 'large', danger, className: danger ? DANGER_BUTTON_CLASS : undefined },
        cancelButtonProps: { size: 'large' },
        onOk,
      });
    },
    [modal],
  );
}

/**
 * Asks before deleting: `title` names what goes (the screen's words, such as 顧客「…」を削除しますか？),
 * the text says it cannot be undone, and the red button says 削除する. `detail`, when given, follows that
 * text: what else the person should know first (how many records a customer has, and that they stay).
 */
export function useConfirmDelete(): (title: string, onDelete: () => unknown, detail?: ReactNode) => void {
  const confirm = useConfirm();
  return useCallback(
    (title: string, onDelete: () => unknown, detail?: ReactNode) =>
      confirm({
        title,
        content: detail ? <DeleteText detail={detail} /> : t.cannotUndo,
        okText: t.delete,
        danger: true,
        onOk: onDelete,
      }),
    [confirm],
  );
}

function DeleteText({ detail }: { detail: ReactNode }) {
  return (
    <>
      <p className="confirm-text">{t.cannotUndo}</p>
      <p className="confirm-text">{detail}</p>
    </>
  );
}

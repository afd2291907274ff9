import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { ja } from '../../i18n/ja';

type Props = { open: boolean; onClose: () => void; children: ReactNode };

/** The page list in a drawer from the left, on screens too narrow for it beside the page. */
export function NavDrawer({ open, onClose, children }: Props) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      title={ja.app.name}
      size={288}
      styles={{ body: { padding: 0 } }}
    >
      {children}
    </Drawer>
  );
}

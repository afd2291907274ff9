import { Alert, Button, Modal, Spin } from 'antd';
import type { ReactNode } from 'react';
import { ja } from '../../i18n/ja';

type Props = {
  title: string;
  open: boolean;
  onClose: () => void;
  /** True while what it shows is being fetched. */
  loading?: boolean;
  /** Why it could not be fetched, in the screen's words. */
  error?: string | null;
  width?: number;
  children?: ReactNode;
};

/**
 * A dialog that shows a record and changes nothing (a log's detail, an error report): one 閉じる,
 * a spinner while loading and the screen's own message when loading failed.
 */
export function DetailDialog({ title, open, onClose, loading = false, error = null, width = 720, children }: Props) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      width={width}
      destroyOnHidden
      footer={
        <Button size="large" type="primary" onClick={onClose}>
          {ja.app.close}
        </Button>
      }
    >
      {error ? <Alert type="error" showIcon title={error} /> : loading ? <Spin /> : children}
    </Modal>
  );
}

import { Alert, Button, Modal, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import type { LogoutGuard } from './use-guarded-logout';

const t = ja.logoutGuard;
type Props = { guard: LogoutGuard | null; onSyncThenLogout: () => void; onCancel: () => void };

/** 未同期の変更があります: logging out now could lose them on this device. */
export function LogoutGuardDialog({ guard, onSyncThenLogout, onCancel }: Props) {
  if (!guard) return null;
  return (
    <Modal
      open
      title={t.title}
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={[
        <Button key="stay" onClick={onCancel} disabled={guard.syncing}>
          {t.stay}
        </Button>,
        <Button key="sync" type="primary" loading={guard.syncing} onClick={onSyncThenLogout}>
          {t.syncThenLogout}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t.text(guard.count)}</Typography.Paragraph>
      {guard.failed && <Alert type="error" showIcon title={t.syncFailed} />}
    </Modal>
  );
}

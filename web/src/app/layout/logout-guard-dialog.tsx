import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { ja } from '../../i18n/ja';
import { useSyncStatus } from '../../sync';
import type { LogoutGuard } from './use-guarded-logout';

const t = ja.logoutGuard;
type Props = {
  guard: LogoutGuard | null;
  userName: string;
  onSyncThenLogout: () => void;
  onKeepThenLogout: () => void;
  onCancel: () => void;
};

/**
 * 未同期の変更があります: sync them first, or leave them safely on this device; whoever signs in online
 * here next sends them, as this user's. Offline, leaving them is the way out, so it is the main button then.
 */
export function LogoutGuardDialog({ guard, userName, onSyncThenLogout, onKeepThenLogout, onCancel }: Props) {
  const { online } = useSyncStatus();
  if (!guard) return null;
  return (
    <Modal
      open
      title={t.title}
      onCancel={onCancel}
      mask={{ closable: false }}
      footer={
        <Flex vertical gap={8}>
          <Button block type={online ? 'primary' : 'default'} loading={guard.syncing} onClick={onSyncThenLogout}>
            {t.syncThenLogout}
          </Button>
          <Button block type={online ? 'default' : 'primary'} disabled={guard.syncing} onClick={onKeepThenLogout}>
            {t.keepAndLogout}
          </Button>
          <Button block disabled={guard.syncing} onClick={onCancel}>
            {t.stay}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph>
        {t.text(guard.count)}
        {!online && t.offline}
      </Typography.Paragraph>
      <Typography.Paragraph>{t.keep(userName)}</Typography.Paragraph>
      {guard.failed && <Alert type="error" showIcon title={t.syncFailed} />}
    </Modal>
  );
}

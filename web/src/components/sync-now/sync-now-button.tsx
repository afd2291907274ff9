import { SyncOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useSyncNow } from './use-sync-now';

export type SyncNowButtonProps = {
  /** The button's word (同期), and its name for a screen reader, which contains it (今すぐ同期). */
  text: string;
  label: string;
  /** Said when the device is offline. */
  offlineMessage: string;
  className?: string;
};

/**
 * A list screen's refresh button: syncs now. Its own component: the sync status it follows changes on
 * every save, which must not re-render the toolbar around it.
 */
export function SyncNowButton({ text, label, offlineMessage, className }: SyncNowButtonProps) {
  const { syncNow, syncing } = useSyncNow(offlineMessage);
  return (
    <Button
      size="large"
      className={className}
      icon={<SyncOutlined aria-hidden />}
      aria-label={label}
      loading={syncing}
      onClick={() => void syncNow()}
    >
      {text}
    </Button>
  );
}

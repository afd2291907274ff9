import { SyncNowButton } from '../../components/sync-now';
import { ja } from '../../i18n/ja';

const t = ja.customers;

/** 同期 = sync now. */
export function RefreshButton() {
  return <SyncNowButton text={t.refresh} label={t.refreshLabel} offlineMessage={t.syncOffline} />;
}

import { SyncOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { ja } from '../../i18n/ja';
import { useRefreshCustomers } from './use-refresh-customers';

const t = ja.customers;

/** 同期 = sync now. Its own component: the sync status it follows changes on every save. */
export function RefreshButton() {
  const { refresh, syncing } = useRefreshCustomers();
  return (
    <Button size="large" icon={<SyncOutlined aria-hidden />} aria-label={t.refreshLabel} loading={syncing} onClick={() => void refresh()}>
      {t.refresh}
    </Button>
  );
}

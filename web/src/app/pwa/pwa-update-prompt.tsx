import { Button } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { useAppApis } from '../../components/app-feedback';
import { ja } from '../../i18n/ja';
import { useSyncStatus } from '../../sync';
import { pwaUpdates } from './update-store';

const t = ja.pwa;

/**
 * Tells the user a new version waits and lets them switch when it suits them (never mid-entry). When the
 * server can no longer sync with this version, says so plainly, looks for the new version at once and
 * offers to switch; the unsynced changes stay on the device and are sent by the new version.
 */
export function PwaUpdatePrompt() {
  const { needRefresh, update } = useSyncExternalStore(pwaUpdates.subscribe, pwaUpdates.get);
  const { updateRequired } = useSyncStatus();
  const { notification } = useAppApis();

  useEffect(() => {
    if (updateRequired && !needRefresh) void pwaUpdates.check();
  }, [updateRequired, needRefresh]);

  useEffect(() => {
    if (!updateRequired && !(needRefresh && update)) return;
    notification.open({
      key: 'pwa-update',
      type: updateRequired ? 'warning' : 'info',
      title: updateRequired ? t.updateRequired : t.updateAvailable,
      description: updateRequired ? t.updateRequiredDescription : t.updateDescription,
      duration: false,
      placement: 'bottomRight',
      actions: (
        <Button type="primary" onClick={() => void (update ? update() : pwaUpdates.check())}>
          {t.reload}
        </Button>
      ),
    });
  }, [needRefresh, update, updateRequired, notification]);

  return null;
}

import { App, Button } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import { ja } from '../../i18n/ja';
import { pwaUpdates } from './update-store';

/** Tells the user a new version waits and lets them switch when it suits them (never mid-entry). */
export function PwaUpdatePrompt() {
  const { needRefresh, update } = useSyncExternalStore(pwaUpdates.subscribe, pwaUpdates.get);
  const { notification } = App.useApp();

  useEffect(() => {
    if (!needRefresh || !update) return;
    notification.open({
      key: 'pwa-update',
      type: 'info',
      title: ja.pwa.updateAvailable,
      description: ja.pwa.updateDescription,
      duration: false,
      placement: 'bottomRight',
      actions: (
        <Button type="primary" onClick={() => void update()}>
          {ja.pwa.reload}
        </Button>
      ),
    });
  }, [needRefresh, update, notification]);

  return null;
}

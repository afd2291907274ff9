import { App as AntApp, ConfigProvider } from 'antd';
import jaJP from 'antd/locale/ja_JP';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { useSessionExpiryWatch } from '../auth/use-session-expiry-watch';
import { ToastProvider } from '../components/toast';
import { TOAST_MAX_VISIBLE } from '../components/toast/toast-policy';
import { PwaUpdatePrompt } from './pwa/pwa-update-prompt';
import { drawerConfig, theme } from './theme';

dayjs.locale('ja');

type Router = ReturnType<typeof createBrowserRouter>;

function SessionExpiryWatch() {
  useSessionExpiryWatch();
  return null;
}

/** Providers shared by every screen: Japanese antd, the theme, toasts, session expiry, PWA updates. */
export function AppRoot({ router }: { router: Router }) {
  return (
    <ConfigProvider locale={jaJP} theme={theme} button={{ autoInsertSpace: false }} drawer={drawerConfig}>
      <AntApp message={{ maxCount: TOAST_MAX_VISIBLE }} notification={{ maxCount: TOAST_MAX_VISIBLE }}>
        <ToastProvider>
          <SessionExpiryWatch />
          <PwaUpdatePrompt />
          <RouterProvider router={router} />
        </ToastProvider>
      </AntApp>
    </ConfigProvider>
  );
}

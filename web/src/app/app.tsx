import { ConfigProvider } from 'antd';
import jaJP from 'antd/locale/ja_JP';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router-dom';
import { useSessionExpiryWatch } from '../auth/use-session-expiry-watch';
import { LightApp } from '../components/app-feedback';
import { NO_FORM_RESTORE } from '../components/no-form-restore';
import { ToastProvider } from '../components/toast';
import { TOAST_MAX_VISIBLE } from '../components/toast/toast-policy';
import { LockGate } from '../lock/lock-gate';
import { lockStore } from '../lock/lock-runtime-store';
import { PwaUpdatePrompt } from './pwa/pwa-update-prompt';
import { drawerConfig, theme } from './theme';
import { useStartEvent } from './use-start-event';

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function SessionExpiryWatch() {
  useSessionExpiryWatch();
  return null;
}

function StartEvent() {
  useStartEvent();
  return null;
}

/** Providers shared by every screen: Japanese antd, the theme, toasts, session expiry, PWA updates. */
export function AppRoot({ routes }: { routes: RouteObject[] }) {
  return (
    <ConfigProvider
      locale={jaJP}
      theme={theme}
      button={{ autoInsertSpace: false }}
      drawer={drawerConfig}
      // What is typed stays out of the browser's session files (components/no-form-restore).
      {...NO_FORM_RESTORE}
    >
      <LightApp message={{ maxCount: TOAST_MAX_VISIBLE }} notification={{ maxCount: TOAST_MAX_VISIBLE }}>
        <ToastProvider>
          <SessionExpiryWatch />
          <StartEvent />
          <PwaUpdatePrompt />
          <LockGate store={lockStore}>
            {(userId) => (
              // One app per person: the next person never finds the last one's open form.
              <BrowserRouter key={userId ?? ''}>
                <Routes routes={routes} />
              </BrowserRouter>
            )}
          </LockGate>
        </ToastProvider>
      </LightApp>
    </ConfigProvider>
  );
}

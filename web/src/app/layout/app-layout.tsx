import { Drawer, Layout, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useLogout } from '../../api/use-logout';
import { useSession } from '../../auth/use-session';
import { PageSpinner } from '../../components/page-spinner/page-spinner';
import { ja } from '../../i18n/ja';
import { findPage, prefixFor } from '../pages';
import { DeviceHeldDialog } from './device-held-dialog';
import { LogoutGuardDialog } from './logout-guard-dialog';
import { NavPanel } from './nav-panel';
import { TopBar } from './top-bar';
import { useGuardedLogout } from './use-guarded-logout';
import { useSyncRuntime } from './use-sync-runtime';
import { useWideScreen } from './use-wide-screen';

/** Spec 1 frame for logged-in pages: top bar, navigation (side or drawer), page, footer. */
export default function AppLayout() {
  const session = useSession();
  const { requestLogout, guard, syncThenLogout, keepThenLogout, cancel } = useGuardedLogout();
  const wide = useWideScreen();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => setDrawerOpen(false), [pathname]);
  const { held, discard } = useSyncRuntime(session?.user ?? null);
  const logout = useLogout();

  if (!session) return null; // the auth guard is already redirecting
  const page = findPage(pathname);
  const prefix = prefixFor(pathname);
  const title = page ? ja.pages[page.key].title : ja.app.name;
  const nav = <NavPanel user={session.user} prefix={prefix} current={page} />;

  return (
    // Japanese line-breaking rules: never start a line with ー, a small kana or closing punctuation.
    <Layout style={{ minHeight: '100vh', lineBreak: 'strict' }}>
      {wide && (
        <Layout.Sider width={272} style={{ position: 'sticky', top: 0, height: '100vh', borderInlineEnd: '1px solid #e5e7eb' }}>
          <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
            <Typography.Text strong style={{ display: 'block', padding: '20px 24px 12px', color: '#0f766e', fontSize: 17 }}>
              {ja.app.name}
            </Typography.Text>
            <div style={{ flex: 1, minHeight: 0 }}>{nav}</div>
          </div>
        </Layout.Sider>
      )}
      <Layout>
        <TopBar
          title={title}
          showMenuButton={!wide}
          onOpenMenu={() => setDrawerOpen(true)}
          user={session.user}
          onLogout={() => void requestLogout()}
        />
        <Layout.Content style={{ padding: wide ? 24 : 16 }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', padding: '16px' }}>
          <Typography.Text type="secondary" style={{ fontSize: 14 }}>
            {ja.app.version}
          </Typography.Text>
        </Layout.Footer>
      </Layout>
      {!wide && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title={ja.app.name}
          size={288}
          styles={{ body: { padding: 0 } }}
        >
          {nav}
        </Drawer>
      )}
      <LogoutGuardDialog
        guard={guard}
        userName={session.user.username}
        onSyncThenLogout={() => void syncThenLogout()}
        onKeepThenLogout={() => void keepThenLogout()}
        onCancel={cancel}
      />
      {/* Held for another user: a plain logout (no wipe), so the author of the changes can log in. */}
      <DeviceHeldDialog held={held} onLogout={() => void logout()} onDiscard={discard} />
    </Layout>
  );
}

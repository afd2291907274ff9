import { Layout } from 'antd';
import { personName } from '@clinic/sync-protocol';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../auth/use-session';
import { PageSpinner } from '../../components/page-spinner/page-spinner';
import { Text } from '../../components/text';
import { lockStore } from '../../lock/lock-runtime-store';
import { ja } from '../../i18n/ja';
import { findPage, prefixFor } from '../pages';
import { onDemand } from '../../components/on-demand';
import { NavPanel } from './nav-panel';
import { TopBar } from './top-bar';
import { useDeviceIdentity } from './use-device-identity';
import { useGuardedLogout } from './use-guarded-logout';
import { useSyncRuntime } from './use-sync-runtime';
import { useWideScreen } from './use-wide-screen';

// It asks only at a logout with unsent changes: its code (antd's modal) loads then.
const LogoutGuardDialog = onDemand(() => import('./logout-guard-dialog').then((m) => m.LogoutGuardDialog)).Component;
// A form its owner left open when the session passed to someone else comes back (issue 25); it loads after the shell.
const DraftRestore = onDemand(() => import('./draft-restore').then((m) => m.DraftRestore)).Component;
// The menu's drawer on a narrow screen: its code loads at the first tap on the menu button.
const NavDrawer = onDemand(() => import('./nav-drawer').then((m) => m.NavDrawer)).Component;

/** Spec 1 frame for logged-in pages: top bar, navigation (side or drawer), page, footer. */
export default function AppLayout() {
  const session = useSession();
  const { requestLogout, guard, syncThenLogout, keepThenLogout, cancel } = useGuardedLogout();
  const wide = useWideScreen();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Moving to another page closes the drawer (React's "adjusting state when a prop changes", during render).
  const [drawerPage, setDrawerPage] = useState(pathname);
  if (drawerPage !== pathname) {
    setDrawerPage(pathname);
    setDrawerOpen(false);
  }
  // Mounted from its first opening on, so it closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);

  // An offline session (signed in on the device alone) has no tokens: it syncs once reconnected (lock/reconnect).
  useSyncRuntime(session && !session.offline ? session.user : null);
  useDeviceIdentity(session !== null);

  if (!session) return null; // the auth guard is already redirecting
  const page = findPage(pathname);
  const prefix = prefixFor(pathname);
  const title = page ? ja.pages[page.key].title : ja.app.name;
  const nav = <NavPanel user={session.user} prefix={prefix} current={page} />;

  return (
    // Japanese line-breaking rules: never start a line with ー, a small kana or closing punctuation.
    <Layout hasSider={wide} style={{ minHeight: '100vh', lineBreak: 'strict' }}>
      {wide && (
        // A plain side column (white, 272 px): antd's Sider adds collapsing and its code, unused here.
        <aside
          style={{
            flex: '0 0 272px',
            width: 272,
            position: 'sticky',
            top: 0,
            height: '100vh',
            background: '#ffffff',
            borderInlineEnd: '1px solid #e5e7eb',
          }}
        >
          <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
            <Text strong className="nav-app-name" style={{ display: 'block', color: '#0f766e', fontSize: 17 }}>
              {ja.app.name}
            </Text>
            <div style={{ flex: 1, minHeight: 0 }}>{nav}</div>
          </div>
        </aside>
      )}
      <Layout>
        <TopBar
          title={title}
          showMenuButton={!wide}
          onOpenMenu={() => setDrawerOpen(true)}
          user={session.user}
          onLogout={() => void requestLogout()}
          onLock={() => lockStore.lockNow()}
          onSwitchUser={() => lockStore.switchUser()}
        />
        <Layout.Content style={{ padding: wide ? 24 : 16 }}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', padding: '16px' }}>
          <Text type="secondary" style={{ fontSize: 14 }}>
            {ja.app.version}
          </Text>
        </Layout.Footer>
      </Layout>
      {!wide && drawerUsed && (
        <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
          <NavPanel user={session.user} prefix={prefix} current={page} onNavigate={() => setDrawerOpen(false)} />
        </NavDrawer>
      )}
      <DraftRestore userId={session.user.id} />
      {guard && (
        <LogoutGuardDialog
          guard={guard}
          userName={personName(session.user)}
          onSyncThenLogout={() => void syncThenLogout()}
          onKeepThenLogout={() => void keepThenLogout()}
          onCancel={cancel}
        />
      )}
    </Layout>
  );
}

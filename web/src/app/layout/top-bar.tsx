import { MenuOutlined } from '@ant-design/icons';
import type { User } from '@clinic/sync-protocol';
import { Button, Layout } from 'antd';
import { SyncStatusBar } from '../../components/sync-status';
import { Title } from '../../components/text';
import { ja } from '../../i18n/ja';
import { UserMenu } from './user-menu';
import type { UserMenuActions } from './user-menu-dropdown';

type Props = UserMenuActions & { title: string; showMenuButton: boolean; onOpenMenu: () => void; user: User };

export function TopBar({ title, showMenuButton, onOpenMenu, user, ...actions }: Props) {
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: '1px solid #e5e7eb',
      }}
    >
      {showMenuButton && (
        <Button
          type="text"
          size="large"
          icon={<MenuOutlined aria-hidden />}
          aria-label={ja.layout.openMenu}
          onClick={onOpenMenu}
        />
      )}
      {/* The largest text on the page (theme fontSizeHeading1); every page's own headings start at h2. */}
      <Title level={1} ellipsis style={{ flex: 1, minWidth: 0, margin: 0 }}>
        {title}
      </Title>
      <SyncStatusBar />
      <UserMenu user={user} {...actions} />
    </Layout.Header>
  );
}

import { ROLE_LABELS, roleSatisfies, type User } from '@clinic/sync-protocol';
import { ConfigProvider, Menu, Tag, Typography, type MenuProps } from 'antd';
import { Link } from 'react-router';
import { ja } from '../../i18n/ja';
import { PAGES, type PageDef } from '../pages';
import { NAV_ICONS } from './nav-icons';

type Props = { user: User; prefix: string; current: PageDef | undefined };

const menuTheme = {
  components: {
    Menu: { itemHeight: 56, iconSize: 18, itemMarginInline: 8, itemSelectedBg: '#e6f4f2', itemSelectedColor: '#0f766e' },
  },
};

/** The page list of spec 1, each with a short description; admin pages only for admins. */
export function NavPanel({ user, prefix, current }: Props) {
  const isAdmin = roleSatisfies(user.role, 'admin');
  const items: MenuProps['items'] = PAGES.filter((p) => !p.adminOnly || isAdmin).map((p) => {
    const t = ja.pages[p.key];
    return {
      key: p.key,
      icon: NAV_ICONS[p.key],
      label: (
        <Link to={`${prefix}${p.path}`} style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.3 }}>
          <span>{t.nav}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.description}
          </Typography.Text>
        </Link>
      ),
    };
  });

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <nav aria-label={ja.layout.mainMenu} style={{ flex: 1, overflowY: 'auto' }}>
        <ConfigProvider theme={menuTheme}>
          <Menu mode="inline" items={items} selectedKeys={current ? [current.key] : []} style={{ borderInlineEnd: 0 }} />
        </ConfigProvider>
      </nav>
      <div style={{ padding: '12px 16px', borderTop: '1px solid #f0f0f0', display: 'flex', alignItems: 'center', gap: 8 }}>
        <Typography.Text strong ellipsis style={{ flex: 1 }}>
          {user.username}
        </Typography.Text>
        <Tag color={user.role === 'admin' ? 'volcano' : 'cyan'}>{ROLE_LABELS[user.role]}</Tag>
      </div>
    </div>
  );
}

import type { User } from '@clinic/sync-protocol';
import { ROLE_LABELS, roleSatisfies } from '@clinic/sync-protocol/rules';
import { ConfigProvider, Menu, Tag, type MenuProps } from 'antd';
import { Link } from 'react-router';
import { Text } from '../../components/text';
import { ja } from '../../i18n/ja';
import { PAGE_ICONS } from '../../routing/page-icons';
import { PAGES, shownInMenu, type PageDef } from '../pages';

type Props = { user: User; prefix: string; current: PageDef | undefined };

/** Role chips in dark shades of antd's volcano and cyan: 4.5:1 and more on their pale backgrounds. */
const ROLE_TAG = {
  admin: { color: '#ad2102', background: '#fff2e8', borderColor: '#ffbb96' },
  staff: { color: '#006d75', background: '#e6fffb', borderColor: '#87e8de' },
} as const;

const menuTheme = {
  components: {
    Menu: { itemHeight: 56, iconSize: 18, itemMarginInline: 8, itemSelectedBg: '#e6f4f2', itemSelectedColor: '#0f766e' },
  },
};

/** The page list of spec 1, each with a short description; admin pages only for admins. */
export function NavPanel({ user, prefix, current }: Props) {
  const isAdmin = roleSatisfies(user.role, 'admin');
  const items: MenuProps['items'] = PAGES.filter((p) => shownInMenu(p, isAdmin)).map((p) => {
    const t = ja.pages[p.key];
    return {
      key: p.key,
      icon: PAGE_ICONS[p.key],
      label: (
        // The link fills the item's height, so the whole row a finger touches navigates (≥ 44 px).
        <Link to={`${prefix}${p.path}`} style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', minHeight: 48, lineHeight: 1.3 }}>
          <span>{t.nav}</span>
          <Text type="secondary" style={{ fontSize: 13 }}>
            {t.description}
          </Text>
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
        <Text strong ellipsis style={{ flex: 1 }}>
          {user.username}
        </Text>
        <Tag style={{ ...ROLE_TAG[user.role], marginInlineEnd: 0 }}>{ROLE_LABELS[user.role]}</Tag>
      </div>
    </div>
  );
}

import type { User } from '@clinic/sync-protocol';
import { personName } from '@clinic/sync-protocol';
import { ROLE_LABELS, roleSatisfies } from '@clinic/sync-protocol/rules';
import { Tag } from 'antd';
import { Link } from 'react-router-dom';
import { Text } from '../../components/text';
import { ja } from '../../i18n/ja';
import { PAGE_ICONS } from '../../routing/page-icons';
import { PAGES, menuKeyOf, shownInMenu, type PageDef } from '../pages';
import './nav-panel.css';

type Props = {
  user: User;
  prefix: string;
  current: PageDef | undefined;
  /** A tap on any entry, the current page's too (the drawer closes on it: the page does not change). */
  onNavigate?: () => void;
};

/** Role chips in dark shades of antd's volcano and cyan: 4.5:1 and more on their pale backgrounds. */
const ROLE_TAG = {
  admin: { color: '#ad2102', background: '#fff2e8', borderColor: '#ffbb96' },
  staff: { color: '#006d75', background: '#e6fffb', borderColor: '#87e8de' },
} as const;

/** The page list of spec 1, each with a short description; admin pages only for admins. */
export function NavPanel({ user, prefix, current, onNavigate }: Props) {
  const isAdmin = roleSatisfies(user.role, 'admin');
  const pages = PAGES.filter((p) => shownInMenu(p, isAdmin));
  const currentKey = menuKeyOf(current);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <nav aria-label={ja.layout.mainMenu} style={{ flex: 1, overflowY: 'auto' }}>
        <ul className="nav-list">
          {pages.map((p) => {
            const t = ja.pages[p.key];
            return (
              <li key={p.key}>
                {/* The whole row a finger touches navigates (56 px high). */}
                <Link
                  to={`${prefix}${p.path}`}
                  className="nav-link"
                  aria-current={p.key === currentKey ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <span className="nav-link-icon">{PAGE_ICONS[p.key]}</span>
                  <span className="nav-link-words">
                    <span>{t.nav}</span>
                    <Text type="secondary" style={{ fontSize: 13 }}>
                      {t.description}
                    </Text>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div
        style={{ padding: '12px 16px', borderTop: '1px solid #f0f0f0', display: 'flex', alignItems: 'center', gap: 8 }}
      >
        <Text strong ellipsis style={{ flex: 1 }}>
          {personName(user)}
        </Text>
        <Tag style={{ ...ROLE_TAG[user.role], marginInlineEnd: 0 }}>{ROLE_LABELS[user.role]}</Tag>
      </div>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { ja } from '../../i18n/ja';
import { PAGE_ICONS } from '../../routing/page-icons';
import { PAGES, shownInMenu } from '../../routing/pages';

const t = ja.dashboard.menu;

type Props = { isAdmin: boolean; prefix: string };

/**
 * Spec 2's business menu: a card per page (this one aside), the admin pages only for admins. Each card
 * is one link, so the whole card is the tap target.
 */
export function BusinessMenu({ isAdmin, prefix }: Props) {
  const pages = PAGES.filter((page) => page.key !== 'dashboard' && shownInMenu(page, isAdmin));
  return (
    <section aria-labelledby="dashboard-menu-title">
      <h2 id="dashboard-menu-title" className="dashboard-section-title">
        {t.title}
      </h2>
      <ul className="dashboard-menu">
        {pages.map((page) => (
          <li key={page.key}>
            <Link to={`${prefix}${page.path}`} className="dashboard-menu-link">
              <span className="dashboard-menu-icon">{PAGE_ICONS[page.key]}</span>
              <span className="dashboard-menu-text">
                <span className="dashboard-menu-title">{ja.pages[page.key].nav}</span>
                <span className="dashboard-menu-description">{ja.pages[page.key].description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

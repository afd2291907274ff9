import { roleSatisfies } from '@clinic/sync-protocol/rules';
import { personName } from '@clinic/sync-protocol';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../auth/use-session';
import { Paragraph } from '../../components/text';
import { ja } from '../../i18n/ja';
import { prefixFor } from '../../routing/pages';
import { BusinessMenu } from './business-menu';
import { RecentActivityList } from './recent-activity-list';
import { StatCards } from './stat-cards';
import { StatusChip } from './status-chip';
import { StatusMessage } from './status-message';
import { useDashboardCounts } from './use-dashboard-counts';
import { useRecentActivity } from './use-recent-activity';
import { useSystemStatus } from './use-system-status';
import './dashboard.css';

const t = ja.dashboard;

/**
 * Spec 2's dashboard. Figures and activity come from the device at once, online or not; the status
 * check asks the server beside them and only colours the chip.
 */
export default function DashboardPage() {
  const session = useSession();
  const status = useSystemStatus();
  const counts = useDashboardCounts();
  const activity = useRecentActivity();
  const { pathname } = useLocation();
  const isAdmin = session ? roleSatisfies(session.user.role, 'admin') : false;

  return (
    <div className="dashboard">
      <div className="dashboard-greeting">
        {session && (
          // The display name (佐藤 花子), else the user name. A phone wraps only between phrases (after 、),
          // never inside お疲れさまです or the name, unless the name alone is too long.
          <Paragraph strong style={{ margin: 0, fontSize: 18, wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
            {t.greeting(personName(session.user))}
          </Paragraph>
        )}
        <StatusChip status={status} />
      </div>
      <StatusMessage status={status} />
      <StatCards counts={counts} />
      <BusinessMenu isAdmin={isAdmin} prefix={prefixFor(pathname)} />
      <RecentActivityList loaded={activity.loaded} items={activity.data ?? []} />
    </div>
  );
}

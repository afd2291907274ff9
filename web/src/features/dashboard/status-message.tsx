import { DisconnectOutlined } from '@ant-design/icons';
import { onDemand } from '../../components/on-demand';
import { ja } from '../../i18n/ja';
import type { SystemStatus } from './system-status';

const t = ja.dashboard.status;

// antd's Alert (with its icons, about 4 KB gzip) only when a call failed: not in the dashboard's first JavaScript.
const { Component: StatusAlert } = onDemand(() => import('./status-alert').then((module) => module.StatusAlert));

/**
 * Spec 8's messages: an info line when some calls failed, the offline sentence when all did. Both add
 * that the figures below are the device's own, which is why they are still there. The device being
 * offline is no failure: one calm line (a status, not an alert) says what the screen shows.
 */
export function StatusMessage({ status }: { status: SystemStatus }) {
  if (status.kind === 'degraded') return <StatusAlert failed={status.failed} />;
  if (status.kind === 'unreachable') return <StatusAlert failed={null} />;
  if (status.kind === 'offline') {
    return (
      <p role="status" className="dashboard-offline-note">
        <DisconnectOutlined aria-hidden /> {t.offlineNote}
      </p>
    );
  }
  return null;
}

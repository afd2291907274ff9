import { DisconnectOutlined, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Alert } from 'antd';
import { ja } from '../../i18n/ja';
import type { SystemStatus } from './system-status';

const t = ja.dashboard.status;
// antd's own alert icons name themselves in English ("info-circle") to a screen reader.
const infoIcon = <InfoCircleFilled aria-hidden />;
const warningIcon = <ExclamationCircleFilled aria-hidden />;

/**
 * Spec 8's messages: an info line when some calls failed, the offline sentence when all did. Both add
 * that the figures below are the device's own, which is why they are still there. The device being
 * offline is no failure: one calm line (a status, not an alert) says what the screen shows.
 */
export function StatusMessage({ status }: { status: SystemStatus }) {
  if (status.kind === 'degraded') {
    return (
      <Alert type="info" showIcon icon={infoIcon} title={t.degradedMessage(status.failed)} description={t.onDevice} />
    );
  }
  if (status.kind === 'offline') {
    return (
      <p role="status" className="dashboard-offline-note">
        <DisconnectOutlined aria-hidden /> {t.offlineNote}
      </p>
    );
  }
  if (status.kind === 'unreachable') {
    return <Alert type="warning" showIcon icon={warningIcon} title={t.offlineMessage} description={t.onDevice} />;
  }
  return null;
}

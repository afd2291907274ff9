import { ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Alert } from 'antd';
import { ja } from '../../i18n/ja';

const t = ja.dashboard.status;
// antd's own alert icons name themselves in English ("info-circle") to a screen reader.
const infoIcon = <InfoCircleFilled aria-hidden />;
const warningIcon = <ExclamationCircleFilled aria-hidden />;

/** Some calls failed (info) or none reached the server (warning). Loaded only then (status-message.tsx). */
export function StatusAlert({ failed }: { failed: number | null }) {
  return failed === null ? (
    <Alert type="warning" showIcon icon={warningIcon} title={t.offlineMessage} description={t.onDevice} />
  ) : (
    <Alert type="info" showIcon icon={infoIcon} title={t.degradedMessage(failed)} description={t.onDevice} />
  );
}

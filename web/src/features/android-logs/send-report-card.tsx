import { BugOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { Card } from '../../components/card';
import { jaDeviceLogs } from '../../i18n/ja-admin-logs';
import type { SendState } from './use-send-report';

const t = jaDeviceLogs.send;

type Props = SendState & { pendingErrors: number | null; onSend: (test: boolean) => void };

/** The device's own error report (spec 2 "Send-error-report buttons"): send what is kept, or a test error. */
export function SendReportCard({ phase, message, pendingErrors, onSend }: Props) {
  const sending = phase === 'sending';
  return (
    <Card className="device-logs-send">
      <h2 className="device-logs-heading">{t.title}</h2>
      <p className="device-logs-help">{t.help}</p>
      {pendingErrors !== null && <p>{t.pending(pendingErrors)}</p>}
      <div className="device-logs-toolbar">
        <Button
          size="large"
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={sending}
          onClick={() => onSend(false)}
        >
          {t.report}
        </Button>
        <Button size="large" icon={<BugOutlined aria-hidden />} disabled={sending} onClick={() => onSend(true)}>
          {t.test}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {sending && <Alert type="info" showIcon title={t.sending} />}
        {message && <Alert type={message.type} showIcon title={message.text} />}
      </div>
    </Card>
  );
}

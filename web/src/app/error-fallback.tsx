import { Button, Result, Space, Typography } from 'antd';
import { ja } from '../i18n/ja';

const t = ja.errorBoundary;

type Props = {
  /** After MAX_RETRIES retries only reload is offered. */
  exhausted: boolean;
  onRetry: () => void;
  onReset: () => void;
  onReload: () => void;
  onGoDashboard: () => void;
};

/** What PageErrorBoundary shows in place of a failed page. */
export function ErrorFallback({ exhausted, onRetry, onReset, onReload, onGoDashboard }: Props) {
  return (
    <Result
      status="error"
      title={
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t.heading}
        </Typography.Title>
      }
      subTitle={exhausted ? t.limitReached : t.text}
      extra={
        <Space wrap style={{ justifyContent: 'center' }}>
          {!exhausted && (
            <Button type="primary" onClick={onRetry}>
              {t.retry}
            </Button>
          )}
          {!exhausted && <Button onClick={onReset}>{t.reset}</Button>}
          <Button type={exhausted ? 'primary' : 'default'} onClick={onReload}>
            {t.reload}
          </Button>
          {!exhausted && <Button onClick={onGoDashboard}>{t.dashboard}</Button>}
        </Space>
      }
    />
  );
}

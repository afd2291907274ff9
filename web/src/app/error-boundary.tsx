import { Button, Result, Space, Typography } from 'antd';
import { Component, Fragment, type ReactNode } from 'react';
import { ja } from '../i18n/ja';

export const MAX_RETRIES = 3;

type Props = {
  children: ReactNode;
  onGoDashboard: () => void;
  /** Injectable so tests need not reload the page. */
  reload?: () => void;
};
type State = { failed: boolean; retries: number; resetKey: number };

const t = ja.errorBoundary;

/**
 * Around every page (spec 2/4): retry re-renders (at most 3 times, then only reload is offered),
 * reset remounts the page so its state starts over, reload reloads, and the dashboard is one click away.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, retries: 0, resetKey: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  private retry = () => this.setState((s) => ({ failed: false, retries: s.retries + 1 }));
  private reset = () => this.setState((s) => ({ failed: false, resetKey: s.resetKey + 1 }));
  private reload = () => (this.props.reload ?? (() => window.location.reload()))();

  override render() {
    const { failed, retries, resetKey } = this.state;
    if (!failed) return <Fragment key={resetKey}>{this.props.children}</Fragment>;
    const exhausted = retries >= MAX_RETRIES;
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
              <Button type="primary" onClick={this.retry}>
                {t.retry}
              </Button>
            )}
            {!exhausted && <Button onClick={this.reset}>{t.reset}</Button>}
            <Button type={exhausted ? 'primary' : 'default'} onClick={this.reload}>
              {t.reload}
            </Button>
            {!exhausted && <Button onClick={this.props.onGoDashboard}>{t.dashboard}</Button>}
          </Space>
        }
      />
    );
  }
}

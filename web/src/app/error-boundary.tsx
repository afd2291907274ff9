import { Component, Fragment, type ReactNode } from 'react';
import { onDemand } from '../components/on-demand';

export const MAX_RETRIES = 3;

type Props = {
  children: ReactNode;
  onGoDashboard: () => void;
  /** Injectable so tests need not reload the page. */
  reload?: () => void;
};
type State = { failed: boolean; retries: number; resetKey: number };

// What a failed page shows loads when a page fails (or once the first screen is shown), not before it.
const errorFallback = onDemand(() => import('./error-fallback').then((m) => m.ErrorFallback));
const ErrorFallback = errorFallback.Component;
export const preloadErrorFallback = errorFallback.preload;

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
    return (
      <ErrorFallback
        exhausted={retries >= MAX_RETRIES}
        onRetry={this.retry}
        onReset={this.reset}
        onReload={this.reload}
        onGoDashboard={this.props.onGoDashboard}
      />
    );
  }
}

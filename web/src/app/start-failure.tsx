import { Component, type ReactNode } from 'react';
import { ja } from '../i18n/ja';

/* Plain markup and inline styles on purpose: when start-up fails, antd itself may be what broke. */

const box =
  'min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;font-family:sans-serif;padding:16px;text-align:center';
const button =
  'font-size:16px;padding:10px 24px;border-radius:8px;border:0;background:#0f766e;color:#fff;cursor:pointer';

export function StartFailurePage() {
  return (
    <div
      role="alert"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        padding: 16,
        textAlign: 'center',
      }}
    >
      <p style={{ fontSize: 18, margin: 0 }}>{ja.app.startFailure}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{
          fontSize: 16,
          padding: '10px 24px',
          borderRadius: 8,
          border: 0,
          background: '#0f766e',
          color: '#fff',
          cursor: 'pointer',
        }}
      >
        {ja.app.reload}
      </button>
    </div>
  );
}

/** For a failure before React can render at all. */
export function renderStartFailure(container: HTMLElement): void {
  const wrap = document.createElement('div');
  wrap.setAttribute('role', 'alert');
  wrap.style.cssText = box;
  const text = document.createElement('p');
  text.textContent = ja.app.startFailure;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = ja.app.reload;
  reload.style.cssText = button;
  reload.addEventListener('click', () => window.location.reload());
  wrap.append(text, reload);
  container.replaceChildren(wrap);
}

/** Catches what escapes every page boundary, i.e. the shell itself failing to start. */
export class StartupBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <StartFailurePage /> : this.props.children;
  }
}

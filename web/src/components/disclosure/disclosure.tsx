import type { ReactNode } from 'react';
import './disclosure.css';

type Props = { title: ReactNode; defaultOpen?: boolean; children: ReactNode };

/**
 * A section that opens and closes (a log detail's 端末情報, エラー), as the browser's own <details>: the
 * keyboard, the screen reader's "expanded" state and find-in-page work without script. Not antd's
 * Collapse: antd's Button styles import a module that imports Collapse, so the bundler counted it as part
 * of the start and loaded it before the first screen (+5.6 KB gzip measured) for one admin dialog.
 */
export function Disclosure({ title, defaultOpen = false, children }: Props) {
  return (
    <details className="disclosure" open={defaultOpen}>
      <summary className="disclosure-summary">{title}</summary>
      <div className="disclosure-body">{children}</div>
    </details>
  );
}

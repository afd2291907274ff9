import { RightOutlined } from '@ant-design/icons';
import { type ReactNode, useId, useState } from 'react';
import './disclosure.css';

type Props = { title: string; defaultOpen?: boolean; children: ReactNode };

/**
 * A section that opens and closes (a detail's 端末情報, エラー): a heading with a finger-sized button
 * that says whether it is open. Not antd's Collapse: antd's own modules import that one, so using it
 * pulled it into the app's start (+4.7 KB gzip) for one dialog.
 */
export function Disclosure({ title, defaultOpen = false, children }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="disclosure">
      <h3 className="disclosure-heading">
        <button type="button" className="disclosure-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          <RightOutlined aria-hidden className={open ? 'disclosure-icon disclosure-icon-open' : 'disclosure-icon'} />
          {title}
        </button>
      </h3>
      <div id={id} className="disclosure-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}

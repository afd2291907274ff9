import { type ReactNode, useId } from 'react';
import './filter-bar.css';

/** A row of filters over a list (日付, 操作の種類, エラー, …) that wraps on a narrow screen. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="filter-bar">{children}</div>;
}

/**
 * One filter with its visible label above it. `children` gets the label's id, for the control's
 * aria-labelledby (antd's Select has no <label> to point at), or the control's own id to use.
 */
export function FilterField({
  label,
  children,
}: {
  label: string;
  children: (labelId: string, controlId: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="filter-field">
      <label id={`${id}-label`} htmlFor={`${id}-control`}>
        {label}
      </label>
      {children(`${id}-label`, `${id}-control`)}
    </div>
  );
}

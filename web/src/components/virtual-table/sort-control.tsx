import { useId } from 'react';
import { Segmented } from '../segmented';

export type SortOption<V extends string> = { value: V; label: string };

type Props<V extends string> = {
  /** Shown before the choices and given to them as their name (並び順). */
  label: string;
  value: V;
  options: readonly SortOption<V>[];
  onChange: (value: V) => void;
};

/** How a list is ordered: one tap per order, each choice 44 px high (antd's large size). */
export function SortControl<V extends string>({ label, value, options, onChange }: Props<V>) {
  const id = useId();
  return (
    <div className="vt-sort">
      <span id={id} className="vt-sort-label">
        {label}
      </span>
      <Segmented<V> size="large" aria-labelledby={id} value={value} options={options} onChange={onChange} />
    </div>
  );
}

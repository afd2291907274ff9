import { Button } from 'antd';
import { jaDeviceLogs } from '../../i18n/ja-admin-logs';
import { errorTypeLabel } from './error-type-label';

const t = jaDeviceLogs;

type Props = { types: Record<string, number>; selected: string | null; onSelect: (type: string | null) => void };

/** Spec 2 "error-type chips": each type with its count; a tap filters the list to it, すべて clears. */
export function ErrorTypeChips({ types, selected, onSelect }: Props) {
  const entries = Object.entries(types).sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return null;
  return (
    <div className="device-logs-chips" role="group" aria-label={t.types}>
      <Button
        size="large"
        shape="round"
        type={selected === null ? 'primary' : 'default'}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        {t.allTypes}
      </Button>
      {entries.map(([type, count]) => (
        <Button
          key={type}
          size="large"
          shape="round"
          type={selected === type ? 'primary' : 'default'}
          aria-pressed={selected === type}
          onClick={() => onSelect(type)}
        >
          {`${errorTypeLabel(type)}（${count}）`}
        </Button>
      ))}
    </div>
  );
}

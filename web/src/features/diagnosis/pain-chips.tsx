import { markerColour } from '@clinic/sync-protocol/body';
import { Tag } from 'antd';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import type { PainFigures } from './pain-figures';

// antd's orange tag text is 3.3:1 on its background; orange-8 reads at 5.1:1 (as on the other lists).
export const UnsyncedTag = () => (
  <Tag color="orange" className="diagnosis-unsynced">
    {jaDiagnosis.list.unsynced}
  </Tag>
);

/** The history list's chip: 最大 7, coloured by the spec's history bands (red ≥ 7, orange ≥ 4, else green). */
export function MaxPainChip({ figures }: { figures: PainFigures }) {
  if (figures.max === null || figures.chip === null) return null;
  return (
    <span className={`diagnosis-chip diagnosis-chip-${figures.chip}`}>{jaDiagnosis.list.maxPain(figures.max)}</span>
  );
}

/** A marker's level in the body map's colours (8+ red, 6-7 orange, 4-5 yellow, below 4 green); 消失 in grey. */
export function LevelChip({ level, resolved }: { level: number; resolved: boolean }) {
  if (resolved)
    return <span className="diagnosis-level diagnosis-level-resolved">{jaDiagnosis.painList.resolved}</span>;
  const colour = markerColour(level);
  return (
    <span
      className={`diagnosis-level diagnosis-level-${colour.band}`}
      style={{ background: colour.fill, color: colour.text }}
    >
      {jaDiagnosis.painList.level(level)}
    </span>
  );
}

import type { ReactNode } from 'react';
import { Card } from '../card';
import './stat-cards.css';

export type Stat = { key: string; label: string; value: ReactNode; tone?: 'ok' | 'warn' | 'error' };

/** A figure with its unit as one string: 1,119ミリ秒, 98.5%. */
const WITH_UNIT = /^([\d,.]+)([^\d,.]{1,8})$/;

/**
 * A figure and its unit kept on one line, the unit smaller (as antd's Statistic does): on a phone's
 * half-width card 1,119ミリ秒 broke inside ミリ秒, which Japanese allows between any two kana.
 */
function Figure({ value }: { value: ReactNode }) {
  const parts = typeof value === 'string' ? WITH_UNIT.exec(value) : null;
  if (!parts) return <>{value}</>;
  return (
    <span className="stat-card-figure">
      {parts[1]}
      <span className="stat-card-unit">{parts[2]}</span>
    </span>
  );
}

/**
 * A row of figures (ユーザー数 3, エラー数 12) as cards, a list for screen readers. `tone` colours a
 * figure by its meaning (spec 9's green / orange / red thresholds); '—' stands for not loaded yet.
 */
export function StatCards({ label, stats }: { label: string; stats: readonly Stat[] }) {
  return (
    <ul className="stat-cards" aria-label={label}>
      {stats.map((stat) => (
        <li key={stat.key}>
          <Card>
            <span className="stat-card-label">{stat.label}</span>
            <strong className={`stat-card-value${stat.tone ? ` stat-card-${stat.tone}` : ''}`}>
              <Figure value={stat.value} />
            </strong>
          </Card>
        </li>
      ))}
    </ul>
  );
}

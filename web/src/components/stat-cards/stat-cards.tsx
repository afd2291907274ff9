import type { ReactNode } from 'react';
import { Card } from '../card';
import './stat-cards.css';

export type Stat = { key: string; label: string; value: ReactNode; tone?: 'ok' | 'warn' | 'error' };

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
            <strong className={`stat-card-value${stat.tone ? ` stat-card-${stat.tone}` : ''}`}>{stat.value}</strong>
          </Card>
        </li>
      ))}
    </ul>
  );
}

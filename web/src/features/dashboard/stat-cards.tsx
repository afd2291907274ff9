import { Statistic } from 'antd';
import { Card } from '../../components/card';
import { ja } from '../../i18n/ja';
import { UPTIME_PERCENT } from './dashboard-stats';
import type { DashboardCounts } from './use-dashboard-counts';

const t = ja.dashboard.stats;

function StatCard({
  title,
  value,
  suffix,
  precision = 0,
  note,
}: {
  title: string;
  value: number | undefined;
  suffix: string;
  precision?: number;
  /** Where the figure comes from, in a line under it. */
  note?: string;
}) {
  return (
    <li>
      <Card className="dashboard-stat">
        <Statistic
          title={title}
          value={value ?? 0}
          loading={value === undefined}
          suffix={suffix}
          precision={precision}
        />
        {note && <p className="dashboard-stat-note">{note}</p>}
      </Card>
    </li>
  );
}

/**
 * The four figures of spec 2: customers, diagnosis records, analyses run (the expression analyses the
 * device holds, a real count) and uptime (spec 9's fixed figure, labelled as an example).
 */
export function StatCards({ counts }: { counts: DashboardCounts }) {
  return (
    <ul className="dashboard-stats" aria-label={t.label}>
      <StatCard title={t.customers} value={counts.customers} suffix={t.people} />
      <StatCard title={t.diagnoses} value={counts.diagnoses} suffix={t.records} />
      <StatCard title={t.analyses} value={counts.analyses} suffix={t.times} note={t.analysesNote} />
      <StatCard title={t.uptime} value={UPTIME_PERCENT} suffix="%" precision={1} note={t.uptimeNote} />
    </ul>
  );
}

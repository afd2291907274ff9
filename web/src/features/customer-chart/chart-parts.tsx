import { Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ja } from '../../i18n/ja';

const t = ja.chart;

// antd's orange tag text is 3.3:1 on its background; orange-8 reads at 5.1:1 (as on the customer list).
export const UnsyncedTag = () => (
  <Tag color="orange" style={{ marginInlineEnd: 0, color: '#ad4e00' }}>
    {t.unsynced}
  </Tag>
);

/** One label and its value in a definition list; blank values say 未登録 rather than leaving a gap. */
export function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'chart-fact chart-fact-wide' : 'chart-fact'}>
      <dt>{label}</dt>
      <dd>{children === '' || children === null ? t.blank : children}</dd>
    </div>
  );
}

/** A section's content once its records are read: the list, or the section's own empty words. */
export function SectionBody({
  loaded,
  empty,
  children,
}: {
  loaded: boolean;
  empty: string | null;
  children: ReactNode;
}) {
  if (!loaded) {
    return (
      <div role="status" aria-label={t.loading} className="chart-loading">
        <Spin />
      </div>
    );
  }
  return empty === null ? children : <EmptyState description={empty} />;
}

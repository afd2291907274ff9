import { Card } from 'antd';
import { type ReactNode, useId } from 'react';

/** What every section of the chart is given: the customer it shows records of. */
export type ChartSectionProps = { customerId: string };

/** A card of the chart with its heading (h3, under the customer's name) and, on the right, a count. */
export function ChartSection({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card
        title={
          <h3 id={headingId} className="chart-section-title">
            {title}
          </h3>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  );
}

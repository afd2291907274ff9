import { jaPainHistory } from '../../../i18n/ja-pain-history';
import { formatAverage } from './line-chart-layout';
import { PainLineChart } from './pain-line-chart';
import { latestChange, type RecordPain } from './record-pain';

const t = jaPainHistory;

/** 前回との比較: the latest record against the one before, judged on the highest level. */
function LatestChange({ pains }: { pains: readonly RecordPain[] }) {
  const change = latestChange(pains);
  if (!change) return <p className="chart-muted ph-note">{t.change.needTwo}</p>;
  const { before, after, verdict } = change;
  return (
    <div className="ph-change" data-verdict={verdict}>
      <p className="ph-change-line">
        <span className="ph-change-label">
          {t.change.heading}（{t.change.dates(before.date, after.date)}）
        </span>
        <strong>
          {t.change.text(verdict, before.max, after.max, formatAverage(before.average), formatAverage(after.average))}
        </strong>
      </p>
      <p className="chart-muted ph-note">{t.change.rule}</p>
    </div>
  );
}

/** 痛みの推移: the line chart of every record and the change since the previous one. */
export function PainTrend({ pains }: { pains: readonly RecordPain[] }) {
  return (
    <div className="ph-block ph-trend">
      <h4 className="ph-heading">{t.chart.heading}</h4>
      {pains.length === 0 ? (
        <p className="chart-muted">{t.chart.none}</p>
      ) : (
        <>
          <PainLineChart pains={pains} />
          <LatestChange pains={pains} />
        </>
      )}
    </div>
  );
}

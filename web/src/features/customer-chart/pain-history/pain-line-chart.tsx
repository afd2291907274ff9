import { useElementWidth } from '../../../components/virtual-table/use-element-width';
import { jaPainHistory } from '../../../i18n/ja-pain-history';
import { formatAverage, layoutChart, linePath } from './line-chart-layout';
import type { RecordPain } from './record-pain';

const t = jaPainHistory.chart;
// Red and blue apart on screen; solid and dashed apart on a black-and-white print.
export const MAX_COLOUR = '#b91c1c';
export const AVERAGE_COLOUR = '#1d4ed8';
const FALLBACK_WIDTH = 640;

/** What the chart says to a screen reader: the period, and where the max and average went. */
export function chartSummary(pains: readonly RecordPain[]): string {
  const first = pains[0];
  const last = pains.at(-1);
  if (!first || !last) return '';
  const path = (a: string, b: string) => (pains.length === 1 ? a : t.from(a, b));
  return t.summary(
    pains.length,
    first.date,
    last.date,
    path(String(first.max), String(last.max)),
    path(formatAverage(first.average), formatAverage(last.average)),
  );
}

/** The values behind the chart, for a screen reader (hidden on screen). */
function ValuesTable({ pains }: { pains: readonly RecordPain[] }) {
  return (
    <table className="ph-visually-hidden">
      <caption>{t.tableCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.date}</th>
          <th scope="col">{t.max}</th>
          <th scope="col">{t.average}</th>
        </tr>
      </thead>
      <tbody>
        {pains.map((pain) => (
          <tr key={pain.id}>
            <th scope="row">{pain.date}</th>
            <td>{pain.max}</td>
            <td>{formatAverage(pain.average)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Legend() {
  return (
    <ul className="ph-legend" aria-label={t.legend}>
      <li>
        <svg width="28" height="10" aria-hidden>
          <line x1="0" y1="5" x2="28" y2="5" stroke={MAX_COLOUR} strokeWidth="3" />
        </svg>
        {t.max}
      </li>
      <li>
        <svg width="28" height="10" aria-hidden>
          <line x1="0" y1="5" x2="28" y2="5" stroke={AVERAGE_COLOUR} strokeWidth="3" strokeDasharray="6 4" />
        </svg>
        {t.average}
      </li>
    </ul>
  );
}

/** 痛みの推移: the highest and the mean level of each record over time, drawn at the width it is given. */
export function PainLineChart({ pains }: { pains: readonly RecordPain[] }) {
  const [ref, measured] = useElementWidth<HTMLDivElement>();
  // Until measured (and where nothing is laid out) it is drawn at a tablet's width, scaled to fit.
  const chart = layoutChart(pains, measured > 0 ? measured : FALLBACK_WIDTH);
  const { plot } = chart;
  return (
    <div ref={ref} className="ph-line-chart">
      <svg
        role="img"
        aria-label={chartSummary(pains)}
        width={chart.width}
        height={chart.height}
        viewBox={`0 0 ${chart.width} ${chart.height}`}
      >
        {chart.yTicks.map((tick) => (
          <g key={tick.value}>
            <line x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} stroke="#e5e7eb" />
            <text x={plot.left - 8} y={tick.y + 4} textAnchor="end" fontSize="12" fill="#4b5563">
              {tick.value}
            </text>
          </g>
        ))}
        {chart.xLabels.map((label) => (
          <text key={label.x} x={label.x} y={plot.bottom + 22} textAnchor={label.anchor} fontSize="12" fill="#374151">
            {label.text}
          </text>
        ))}
        <path
          d={linePath(chart.points.map((p) => ({ x: p.x, y: p.yAverage })))}
          fill="none"
          stroke={AVERAGE_COLOUR}
          strokeWidth="2.5"
          strokeDasharray="6 4"
        />
        <path
          d={linePath(chart.points.map((p) => ({ x: p.x, y: p.yMax })))}
          fill="none"
          stroke={MAX_COLOUR}
          strokeWidth="2.5"
        />
        {chart.points.map((p) => (
          <g key={p.id} className="ph-point">
            <circle cx={p.x} cy={p.yAverage} r="4" fill="#fff" stroke={AVERAGE_COLOUR} strokeWidth="2" />
            <circle cx={p.x} cy={p.yMax} r="4.5" fill={MAX_COLOUR} />
            {p.labels && (
              <>
                <text
                  x={p.labels.max.x}
                  y={p.labels.max.y}
                  textAnchor={p.labels.max.anchor}
                  fontSize="12"
                  fontWeight="600"
                  fill={MAX_COLOUR}
                >
                  {p.max}
                </text>
                <text
                  x={p.labels.average.x}
                  y={p.labels.average.y}
                  textAnchor={p.labels.average.anchor}
                  fontSize="12"
                  fill={AVERAGE_COLOUR}
                >
                  {formatAverage(p.average)}
                </text>
              </>
            )}
          </g>
        ))}
      </svg>
      <Legend />
      <ValuesTable pains={pains} />
    </div>
  );
}

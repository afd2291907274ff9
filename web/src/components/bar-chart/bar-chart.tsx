import './bar-chart.css';

export type BarSeries = { name: string; color: string };
export type BarPoint = { label: string; values: readonly number[] };

type Props = {
  title: string;
  /** What the chart shows in words, for screen readers (the figure is an image to them). */
  summary: string;
  series: readonly BarSeries[];
  points: readonly BarPoint[];
};

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { left: 40, right: 8, top: 12, bottom: 30 };

/** A round top for the axis: 1, 2, 5 × 10ⁿ, so the grid lines read as plain numbers. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= value) ?? value;
}

/**
 * Counts per day (or per anything) as bars, one colour per series, side by side: an SVG, so no chart
 * library loads with the admin screens. Every few labels are shown when there are many points.
 */
export function BarChart({ title, summary, series, points }: Props) {
  const top = niceMax(Math.max(0, ...points.flatMap((p) => p.values)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, points.length);
  const barWidth = Math.max(2, (slot * 0.7) / Math.max(1, series.length));
  const y = (value: number) => PAD.top + (1 - value / top) * plotHeight;
  const labelEvery = Math.ceil(points.length / 8);
  return (
    <figure className="bar-chart">
      <figcaption className="bar-chart-title">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title}：${summary}`}>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * share)} y2={y(top * share)} stroke="#e8e8e8" />
            <text x={PAD.left - 6} y={y(top * share) + 4} textAnchor="end" fontSize="12" fill="#595959">
              {Math.round(top * share)}
            </text>
          </g>
        ))}
        {points.map((point, i) => (
          <g key={point.label}>
            {point.values.map((value, s) => (
              <rect
                key={series[s]?.name ?? s}
                x={PAD.left + i * slot + slot * 0.15 + s * barWidth}
                y={y(value)}
                width={barWidth}
                height={Math.max(0, PAD.top + plotHeight - y(value))}
                fill={series[s]?.color ?? '#1677ff'}
              />
            ))}
            {i % labelEvery === 0 && (
              <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - 10} textAnchor="middle" fontSize="12" fill="#595959">
                {point.label}
              </text>
            )}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <ul className="bar-chart-legend">
          {series.map((s) => (
            <li key={s.name}>
              <span className="bar-chart-swatch" style={{ background: s.color }} aria-hidden="true" />
              {s.name}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

type HorizontalProps = {
  title: string;
  color: string;
  rows: readonly { label: string; value: number }[];
  max?: number;
};

/** Labelled counts as horizontal bars with their number (errors by operation, answers by outcome): a list, read as text. */
export function HorizontalBars({
  title,
  color,
  rows,
  max = Math.max(1, ...rows.map((r) => r.value)),
}: HorizontalProps) {
  return (
    <figure className="bar-chart">
      <figcaption className="bar-chart-title">{title}</figcaption>
      <ul className="hbar-list">
        {rows.map((row) => (
          <li key={row.label}>
            <span className="hbar-label">{row.label}</span>
            <span className="hbar-track" aria-hidden="true">
              <span
                className="hbar-fill"
                style={{ width: `${Math.min(100, (row.value / max) * 100)}%`, background: color }}
              />
            </span>
            <span className="hbar-value">{row.value.toLocaleString('ja-JP')}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

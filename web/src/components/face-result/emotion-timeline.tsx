import type { FaceFrame } from '@clinic/sync-protocol';
import { jaFace } from '../../i18n/ja-face';
import { EMOTION_COLORS } from './emotion-colors';
import { timelineSeries } from './timeline-series';
import './face-result.css';

const t = jaFace.video;
const WIDTH = 600;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** 感情の推移: one line per emotion over the clip's sampled frames (an SVG, no chart library to load). */
export function EmotionTimeline({ frames }: { frames: readonly FaceFrame[] }) {
  const series = timelineSeries(frames);
  const end = Math.max(1, ...frames.map((f) => f.at));
  const x = (at: number) => PAD.left + (at / end) * (WIDTH - PAD.left - PAD.right);
  const y = (share: number) => PAD.top + (1 - share) * (HEIGHT - PAD.top - PAD.bottom);
  const summary = series
    .slice(0, 3)
    .map(
      (s) =>
        `${jaFace.emotions[s.type]} 平均${Math.round((s.points.reduce((sum, p) => sum + p.share, 0) / s.points.length) * 100)}%`,
    )
    .join('、');
  if (series.length === 0) return <p>{t.noFaces}</p>;
  return (
    <figure className="emotion-timeline">
      <figcaption className="emotion-timeline-title">{t.timeline}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${t.timeline}：${summary}`}>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(share)} y2={y(share)} stroke="#e8e8e8" />
            <text x={PAD.left - 6} y={y(share) + 4} textAnchor="end" fontSize="12" fill="#595959">
              {share * 100}%
            </text>
          </g>
        ))}
        {[0, end / 2, end].map((at) => (
          <text key={at} x={x(at)} y={HEIGHT - 8} textAnchor="middle" fontSize="12" fill="#595959">
            {t.seconds(Math.round(at * 10) / 10)}
          </text>
        ))}
        {series.map((s) => (
          <polyline
            key={s.type}
            fill="none"
            stroke={EMOTION_COLORS[s.type]}
            strokeWidth="2"
            points={s.points.map((p) => `${x(p.at)},${y(p.share)}`).join(' ')}
          />
        ))}
      </svg>
      <ul className="emotion-timeline-legend">
        {series.map((s) => (
          <li key={s.type}>
            <span
              className="emotion-timeline-swatch"
              style={{ background: EMOTION_COLORS[s.type] }}
              aria-hidden="true"
            />
            {jaFace.emotions[s.type]}
          </li>
        ))}
      </ul>
      <p className="emotion-timeline-help">{t.timelineHelp}</p>
    </figure>
  );
}

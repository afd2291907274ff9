import type { EmotionType } from '@clinic/sync-protocol/face';
import { jaFace } from '../../i18n/ja-face';
import { EMOTION_COLORS } from './emotion-colors';
import './face-result.css';

const t = jaFace;

/** Each emotion's share as a labelled bar, strongest first; the numbers are read out, the bars are decoration. */
export function EmotionBars({ emotions }: { emotions: { type: EmotionType; share: number }[] }) {
  return (
    <dl className="emotion-bars" aria-label={t.emotionsTitle}>
      {emotions.map(({ type, share }) => {
        const percent = Math.round(share * 1000) / 10;
        return (
          <div key={type} className="emotion-bar">
            <dt>{t.emotions[type]}</dt>
            <dd>
              <span className="emotion-bar-track" aria-hidden="true">
                <span
                  className="emotion-bar-fill"
                  style={{ width: `${Math.min(100, Math.max(0, percent))}%`, background: EMOTION_COLORS[type] }}
                />
              </span>
              <span className="emotion-bar-value">{t.share(percent)}</span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

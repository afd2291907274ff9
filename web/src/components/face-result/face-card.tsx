import type { FaceView } from '@clinic/sync-protocol/face';
import { jaFace } from '../../i18n/ja-face';
import { EmotionBars } from './emotion-bars';
import './face-result.css';

const t = jaFace;
const percent = (share: number) => Math.round(share * 100);

/** One face's result: its emotions as bars, the estimated age range and gender (spec 2 results panel). */
export function FaceCard({ face, index, showTitle }: { face: FaceView; index: number; showTitle: boolean }) {
  const titleId = `face-result-${index}`;
  return (
    <section
      className="face-card"
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={showTitle ? undefined : t.face(index + 1)}
    >
      {showTitle && (
        <h3 id={titleId} className="face-card-title">
          {t.face(index + 1)}
        </h3>
      )}
      <EmotionBars emotions={face.emotions} />
      <dl className="face-card-facts">
        <div>
          <dt>{t.age}</dt>
          <dd>{face.age ? t.ageRange(face.age.low, face.age.high) : '—'}</dd>
        </div>
        <div>
          <dt>{t.gender}</dt>
          <dd>{face.gender ? t.genderValue(t.genders[face.gender.value], percent(face.gender.share)) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

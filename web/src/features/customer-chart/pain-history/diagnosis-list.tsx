import { HIGH_PAIN_LEVEL, currentLevels, maxPain, painSummary } from '@clinic/sync-protocol/body';
import { useHighPainPlaces } from '../../../components/body-map/high-pain';
import { jaBodyMap } from '../../../i18n/ja-body-map';
import { jaPainHistory } from '../../../i18n/ja-pain-history';
import type { DiagnosisWithMarkers } from '../../../data/live';
import { UnsyncedTag } from '../chart-parts';
import { PainChip } from './pain-chip';

const t = jaPainHistory.list;

/** One record: date, how many spots (and how many of them healed), the max chip, the wording and where it hurts badly. */
function DiagnosisItem({ entry: { diagnosis, markers } }: { entry: DiagnosisWithMarkers }) {
  // The wording and chip are about the pain now, as on the diagnosis screens: a healed spot is not pain.
  const max = maxPain(currentLevels(markers));
  const resolved = markers.filter((m) => m.resolved).length;
  const unsynced = diagnosis.pending === 1 || markers.some((m) => m.pending === 1);
  const high = useHighPainPlaces(markers);
  return (
    <li className="chart-item ph-record">
      <div className="chart-item-head">
        <strong>{diagnosis.date}</strong>
        <span>
          {t.spots(markers.length)}
          {resolved > 0 && `（${t.resolved(resolved)}）`}
        </span>
        {max !== null && <PainChip max={max} />}
        {unsynced && <UnsyncedTag />}
      </div>
      <p className="ph-summary">{painSummary(max)}</p>
      {high.length > 0 && <p className="ph-high">{jaBodyMap.highPainLine(HIGH_PAIN_LEVEL, high)}</p>}
      {diagnosis.notes && <p className="ph-notes">{diagnosis.notes}</p>}
    </li>
  );
}

/** 診断記録: the customer's records, newest first. */
export function DiagnosisList({ history }: { history: readonly DiagnosisWithMarkers[] }) {
  return (
    <div className="ph-block ph-records">
      <h4 className="ph-heading">{t.heading}</h4>
      <ul className="chart-list">
        {history.map((entry) => (
          <DiagnosisItem key={entry.diagnosis.id} entry={entry} />
        ))}
      </ul>
    </div>
  );
}

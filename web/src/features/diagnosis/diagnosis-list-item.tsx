import { HIGH_PAIN_LEVEL } from '@clinic/sync-protocol/body';
import { Button } from 'antd';
import { memo } from 'react';
import { useHighPainPlaces } from '../../components/body-map/high-pain';
import { jaBodyMap } from '../../i18n/ja-body-map';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import type { DiagnosisEntry } from './diagnosis-entries';
import { MaxPainChip, UnsyncedTag } from './pain-chips';

const t = jaDiagnosis.list;

type Props = { entry: DiagnosisEntry; onOpen: (entry: DiagnosisEntry) => void };

/** One record: whose, how many spots, how strong, when, in words, where it hurts badly, the note, and 詳細. */
export const DiagnosisListItem = memo(function DiagnosisListItem({ entry, onOpen }: Props) {
  const { diagnosis, customerName, figures, pending } = entry;
  const high = useHighPainPlaces(entry.markers);
  return (
    <li className="diagnosis-item">
      <div className="diagnosis-item-body">
        <div className="diagnosis-item-head">
          <strong className="diagnosis-item-name">{customerName}</strong>
          {pending && <UnsyncedTag />}
          <time className="diagnosis-item-date" dateTime={diagnosis.date}>
            {diagnosis.date}
          </time>
        </div>
        <div className="diagnosis-item-pain">
          <span>{t.spots(figures.spots)}</span>
          <MaxPainChip figures={figures} />
          <span>{figures.summary}</span>
        </div>
        {high.length > 0 && <p className="diagnosis-item-high">{jaBodyMap.highPainLine(HIGH_PAIN_LEVEL, high)}</p>}
        {diagnosis.notes && <p className="diagnosis-item-notes">{diagnosis.notes}</p>}
      </div>
      <Button
        size="large"
        className="diagnosis-item-detail"
        aria-label={t.detailLabel(customerName, diagnosis.date)}
        onClick={() => onOpen(entry)}
      >
        {t.detail}
      </Button>
    </li>
  );
});

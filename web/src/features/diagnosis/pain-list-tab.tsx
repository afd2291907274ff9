import { BODY_VIEWS } from '@clinic/sync-protocol';
import { Button } from 'antd';
import { DANGER_BUTTON_CLASS } from '../../components/confirm';
import { EmptyState } from '../../components/empty-state';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import { markersOfView, type DraftMarker } from './draft-markers';
import { LevelChip } from './pain-chips';
import { placeOf } from './pain-detail-dialog';
import { memo } from 'react';

const t = jaDiagnosis.painList;

type Props = {
  markers: readonly DraftMarker[];
  readOnly: boolean;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
};

function MarkerRow({ marker, readOnly, onEdit, onDelete }: { marker: DraftMarker } & Omit<Props, 'markers'>) {
  return (
    <li className={marker.resolved ? 'diagnosis-spot diagnosis-spot-resolved' : 'diagnosis-spot'}>
      <span className="diagnosis-spot-number">{marker.number}</span>
      <div className="diagnosis-spot-body">
        <div className="diagnosis-spot-head">
          <strong>{placeOf(marker)}</strong>
          <LevelChip level={marker.painLevel} resolved={marker.resolved} />
        </div>
        {marker.notes && <p className="diagnosis-spot-notes">{marker.notes}</p>}
      </div>
      {!readOnly && (
        <div className="diagnosis-spot-actions">
          <Button size="large" aria-label={t.editLabel(marker.number)} onClick={() => onEdit(marker.id)}>
            {t.edit}
          </Button>
          <Button
            size="large"
            danger
            className={DANGER_BUTTON_CLASS}
            aria-label={t.deleteLabel(marker.number)}
            onClick={() => onDelete(marker.id)}
          >
            {t.delete}
          </Button>
        </div>
      )}
    </li>
  );
}

/** 痛みの一覧: the marked spots, front then back, each with its number, level, region and note (no percentages). */
function PainListTabContent({ markers, ...actions }: Props) {
  if (markers.length === 0) return <EmptyState description={t.empty} />;
  return (
    <div className="diagnosis-spots">
      {BODY_VIEWS.map((view) => {
        const ofView = markersOfView(markers, view);
        if (ofView.length === 0) return null;
        const headingId = `diagnosis-spots-${view}`;
        return (
          <section key={view} aria-labelledby={headingId}>
            <h3 id={headingId} className="diagnosis-spots-title">
              {t.group(jaDiagnosis.views[view], ofView.length)}
            </h3>
            <ul className="diagnosis-spot-list">
              {ofView.map((marker) => (
                <MarkerRow key={marker.id} marker={marker} {...actions} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

// Memoised: tapping the figure re-renders the dialog, and this tab stays mounted without changing.
export const PainListTab = memo(PainListTabContent);

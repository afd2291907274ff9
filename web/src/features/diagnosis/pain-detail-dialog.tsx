import { PAIN_LEVEL_MAX, PAIN_LEVEL_MIN } from '@clinic/sync-protocol';
import { markerColour } from '@clinic/sync-protocol/body';
import { Button, Input, Modal, Slider, Switch } from 'antd';
import { useId, useState } from 'react';
import { spotPlace } from '../../components/body-map';
import { DANGER_BUTTON_CLASS } from '../../components/confirm';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';
import { markerAt, type DraftMarker } from './draft-markers';
import type { MarkerDetail } from './use-marker-editing';

const t = jaDiagnosis.detail;

const MARKS = Object.fromEntries(
  Array.from({ length: PAIN_LEVEL_MAX - PAIN_LEVEL_MIN + 1 }, (_, i) => [
    PAIN_LEVEL_MIN + i,
    String(PAIN_LEVEL_MIN + i),
  ]),
);

/**
 * Where a marker is, in words: its region (肩（患者の右）, 前頸部 on the midline) or, for an old record's
 * spot off every region, the spec's label.
 */
export const placeOf = (marker: Pick<DraftMarker, 'region' | 'bodyPart' | 'view' | 'x' | 'y'>) =>
  spotPlace(marker) ?? marker.bodyPart;

type Props = {
  /** The spot shown, or null while closed. A new one (`isNew`): キャンセル takes it away again, and there is nothing to delete yet. */
  detail: MarkerDetail | null;
  onSave: (marker: DraftMarker) => void;
  onCancel: () => void;
  onDelete: (id: string) => void;
};

/** What the closed dialog holds before its first opening (never shown). */
const NOTHING_YET: MarkerDetail = {
  marker: markerAt({ view: 'front', x: 50, y: 50, region: null, bodyPart: '' }, [], 'none'),
  isNew: true,
};

/**
 * 痛みの詳細: the strength (1-10, a slider a finger can drag, its number shown in the map's colour), an
 * optional note, and for a marked spot 消失 (healed) and 削除. Nothing changes until 保存.
 * It is drawn with the figure and kept, closed, between taps: a tap only opens it with the spot's values
 * (drawing a dialog, a slider and a text box anew at every tap is what a tablet makes a person wait for).
 */
export function PainDetailDialog({ detail, onSave, onCancel, onDelete }: Props) {
  const [shown, setShown] = useState<MarkerDetail>(detail ?? NOTHING_YET);
  const [painLevel, setPainLevel] = useState(shown.marker.painLevel);
  const [notes, setNotes] = useState(shown.marker.notes);
  const [resolved, setResolved] = useState(shown.marker.resolved);
  // Each opening starts from that spot's values (React's way to reset state when a prop changes).
  if (detail && detail !== shown) {
    setShown(detail);
    setPainLevel(detail.marker.painLevel);
    setNotes(detail.marker.notes);
    setResolved(detail.marker.resolved);
  }
  const { marker, isNew } = detail ?? shown;
  const notesId = useId();
  const resolvedId = useId();
  const colour = markerColour(painLevel);

  return (
    <Modal
      open={detail !== null}
      forceRender
      centered
      // It opens at every tap on the figure: at once, without the zoom (whose starting point costs a
      // layout of the page on a tablet), and without locking a scroll the record's dialog has locked.
      transitionName=""
      maskTransitionName=""
      scrollLock={false}
      width={{ xs: '100vw', sm: 560 }}
      title={t.title(marker.number)}
      className="pain-detail-dialog"
      closable={{ 'aria-label': jaDiagnosis.dialog.close }}
      mask={{ closable: false }}
      onCancel={onCancel}
      footer={
        <div className="pain-detail-footer">
          {!isNew && (
            <Button
              size="large"
              danger
              className={`${DANGER_BUTTON_CLASS} pain-detail-delete`}
              onClick={() => onDelete(marker.id)}
            >
              {t.delete}
            </Button>
          )}
          <Button size="large" onClick={onCancel}>
            {t.cancel}
          </Button>
          <Button size="large" type="primary" onClick={() => onSave({ ...marker, painLevel, notes, resolved })}>
            {t.save}
          </Button>
        </div>
      }
    >
      <p className="pain-detail-place">{placeOf(marker)}</p>
      <div className="pain-detail-level">
        <span className="pain-detail-label">{t.level}</span>
        <output
          className="pain-detail-value"
          aria-live="polite"
          style={{ background: colour.fill, color: colour.text }}
        >
          {t.levelValue(painLevel)}
        </output>
      </div>
      <Slider
        className="pain-slider"
        min={PAIN_LEVEL_MIN}
        max={PAIN_LEVEL_MAX}
        step={1}
        marks={MARKS}
        value={painLevel}
        onChange={setPainLevel}
        tooltip={{ open: false }}
        ariaLabelForHandle={t.level}
        styles={{ track: { background: colour.fill } }}
      />
      <label htmlFor={notesId} className="pain-detail-label">
        {t.notes}
      </label>
      <Input.TextArea
        id={notesId}
        rows={3}
        maxLength={500}
        placeholder={t.notesPlaceholder}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      {!isNew && (
        <div className="pain-detail-resolved">
          <Switch id={resolvedId} checked={resolved} onChange={setResolved} />
          <label htmlFor={resolvedId}>{t.resolved}</label>
          <span className="pain-detail-help">{t.resolvedHelp}</span>
        </div>
      )}
    </Modal>
  );
}

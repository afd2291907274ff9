import type { FormInstance } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { MapPoint } from '../../components/body-map';
import type { DiagnosisFormValues } from './diagnosis-form-values';
import { carryForward, markerAt, putMarker, removeMarker, type DraftMarker } from './draft-markers';

/** The marker the detail dialog shows; a new one is on the figure but not in the record until 保存. */
export type MarkerDetail = { marker: DraftMarker; isNew: boolean };

/**
 * The record's markers as the person marks them. They live in the dialog's form (so closing with an
 * unsaved spot asks first, like typed text) and are stored only when the record is saved.
 */
export function useMarkerEditing(form: FormInstance<DiagnosisFormValues>, markers: readonly DraftMarker[]) {
  const [detail, setDetail] = useState<MarkerDetail | null>(null);

  const current = useCallback(
    (): DraftMarker[] => (form.getFieldValue('markers') as DraftMarker[] | undefined) ?? [],
    [form],
  );
  const setMarkers = useCallback((next: DraftMarker[]) => form.setFieldValue('markers', next), [form]);

  const onAdd = useCallback(
    (point: MapPoint) => setDetail({ marker: markerAt(point, current()), isNew: true }),
    [current],
  );
  const onSelect = useCallback(
    (id: string) => {
      const marker = current().find((m) => m.id === id);
      if (marker) setDetail({ marker, isNew: false });
    },
    [current],
  );
  const onSaveDetail = useCallback(
    (marker: DraftMarker) => {
      setMarkers(putMarker(current(), marker));
      setDetail(null);
    },
    [current, setMarkers],
  );
  const onDeleteMarker = useCallback(
    (id: string) => {
      setMarkers(removeMarker(current(), id));
      setDetail(null);
    },
    [current, setMarkers],
  );
  // キャンセル on a spot just placed takes it away: it was never added to the record.
  const onCancelDetail = useCallback(() => setDetail(null), []);
  const onCarryForward = useCallback(
    (previous: readonly DraftMarker[]) => setMarkers(carryForward(previous)),
    [setMarkers],
  );

  // A spot just placed shows on the figure while its strength is chosen.
  const shown = useMemo(() => (detail?.isNew ? [...markers, detail.marker] : markers), [detail, markers]);

  return { detail, shown, onAdd, onSelect, onSaveDetail, onDeleteMarker, onCancelDetail, onCarryForward };
}

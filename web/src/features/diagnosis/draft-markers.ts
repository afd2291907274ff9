import { PAIN_LEVEL_DEFAULT, type BodyView, type PainMarkerFields } from '@clinic/sync-protocol';
import type { MapPoint } from '../../components/body-map';

/**
 * A pain marker while the dialog is open: held here until the record is saved, then stored as a
 * painMarker.create / update / delete. The id is the stored record's (a new one gets a fresh UUID).
 */
export type DraftMarker = PainMarkerFields & { id: string };

/** The number a new marker gets: one past the highest, so no two spots on the figure share a number. */
export function nextNumber(markers: readonly DraftMarker[]): number {
  return markers.reduce((highest, marker) => Math.max(highest, marker.number), 0) + 1;
}

/** A marker where the figure was tapped, at the default level (spec 5: 5). */
export function markerAt(
  point: MapPoint,
  markers: readonly DraftMarker[],
  id: string = crypto.randomUUID(),
): DraftMarker {
  return {
    id,
    number: nextNumber(markers),
    view: point.view,
    x: point.x,
    y: point.y,
    region: point.region,
    bodyPart: point.bodyPart,
    painLevel: PAIN_LEVEL_DEFAULT,
    notes: '',
    resolved: false,
  };
}

/** Saving the detail dialog: replaces the marker with the same id, or adds it (spec 4). */
export function putMarker(markers: readonly DraftMarker[], marker: DraftMarker): DraftMarker[] {
  const at = markers.findIndex((m) => m.id === marker.id);
  if (at === -1) return [...markers, marker].sort((a, b) => a.number - b.number);
  return markers.map((m, i) => (i === at ? marker : m));
}

export function removeMarker(markers: readonly DraftMarker[], id: string): DraftMarker[] {
  return markers.filter((m) => m.id !== id);
}

/** The markers of one side of the figure, by number. */
export const markersOfView = (markers: readonly DraftMarker[], view: BodyView) =>
  markers.filter((m) => m.view === view);

/**
 * A new record's start from the previous one (issue 10 §4): each spot that still hurt is copied with a
 * new id, its number, place, level and notes; a spot already healed (消失) there is left behind.
 */
export function carryForward(
  previous: readonly DraftMarker[],
  newId: () => string = () => crypto.randomUUID(),
): DraftMarker[] {
  return previous.filter((m) => !m.resolved).map((m) => ({ ...toDraftMarker(m), id: newId(), resolved: false }));
}

/** The fields a person edits of a marker: a stored one's record and sync columns are left behind. */
export function markerFields(marker: PainMarkerFields): PainMarkerFields {
  const { number, view, x, y, region, bodyPart, painLevel, notes, resolved } = marker;
  return { number, view, x, y, region, bodyPart, painLevel, notes, resolved };
}

/** A stored marker as the dialog holds it: its id and the fields a person edits. */
export const toDraftMarker = (marker: DraftMarker): DraftMarker => ({ id: marker.id, ...markerFields(marker) });

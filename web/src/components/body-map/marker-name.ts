import { bodyPartLabel, regionAt, regionById, type BodyRegion, type BodyView } from '@clinic/sync-protocol/body';
import { jaBodyMap as t } from '../../i18n/ja-body-map';
import type { MapMarker } from './types';

/**
 * The regions that lie across the body's midline (head, neck, trunk; not the legs, which only meet it at
 * the crotch). The regions are split at the midline, but a spot on it is in the middle, on neither side.
 */
const ACROSS_MIDLINE = new Set([
  'head',
  'neck',
  'chest',
  'upper-abdomen',
  'lower-abdomen',
  'interscapular',
  'mid-back',
  'low-back',
]);

/** How far from the midline (percent of the figure's width) a spot still is on it: about a fingertip's half. */
export const MIDLINE_BAND = 2;

type Spot = { view: BodyView; x: number; y: number };

/** A region's name for a spot in it: 肩（患者の右）, or 前頸部 for a spot on the midline of a region across it. */
export function regionPlace(region: BodyRegion, spot: Spot): string {
  const kind = region.id.split('.')[1] ?? '';
  const onMidline = Math.abs(spot.x - 50) <= MIDLINE_BAND;
  return onMidline && ACROSS_MIDLINE.has(kind) ? region.name : region.label;
}

/**
 * Where a spot is, in words: its stored region (or the one under it), or null when neither is known (an
 * old record's spot off every region).
 */
export function spotPlace(spot: Spot & { region?: string | null }): string | null {
  const region = (spot.region ? regionById(spot.region) : null) ?? regionAt(spot.view, spot.x, spot.y);
  return region ? regionPlace(region, spot) : null;
}

/** A marker's accessible name: 痛み1（肩（患者の右）・強さ7）, or …・消失） for a healed spot. */
export function markerName(marker: MapMarker): string {
  const place = spotPlace(marker) ?? bodyPartLabel(marker.view, marker.x, marker.y);
  return marker.resolved ? t.resolvedMarker(marker.number, place) : t.marker(marker.number, place, marker.painLevel);
}

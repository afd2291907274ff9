import { bodyPartLabel, regionAt, type BodyView } from '@clinic/sync-protocol/body';
import { jaBodyMap as t } from '../../i18n/ja-body-map';
import { regionPlace, storedPlace } from './place-name';
import type { MapMarker } from './types';

type Spot = { view: BodyView; x: number; y: number };

/**
 * Where a spot is, in words: its stored region (or the one under it), or null when neither is known (an
 * old record's spot off every region).
 */
export function spotPlace(spot: Spot & { region?: string | null }): string | null {
  const stored = storedPlace(spot);
  if (stored) return stored;
  const region = regionAt(spot.view, spot.x, spot.y);
  return region ? regionPlace(region, spot) : null;
}

/** A marker's accessible name: 痛み1（肩（患者の右）・強さ7）, or …・消失） for a healed spot. */
export function markerName(marker: MapMarker): string {
  const place = spotPlace(marker) ?? bodyPartLabel(marker.view, marker.x, marker.y);
  return marker.resolved ? t.resolvedMarker(marker.number, place) : t.marker(marker.number, place, marker.painLevel);
}

import { bodyPartLabel, regionAt, regionById } from '@clinic/sync-protocol/body';
import { jaBodyMap as t } from '../../i18n/ja-body-map';
import type { MapMarker } from './types';

/** A marker's accessible name: 痛み1（肩（患者の右）・強さ7）, or …・消失） for a healed spot. */
export function markerName(marker: MapMarker): string {
  const region = (marker.region ? regionById(marker.region) : null) ?? regionAt(marker.view, marker.x, marker.y);
  const place = region?.label ?? bodyPartLabel(marker.view, marker.x, marker.y);
  return marker.resolved ? t.resolvedMarker(marker.number, place) : t.marker(marker.number, place, marker.painLevel);
}

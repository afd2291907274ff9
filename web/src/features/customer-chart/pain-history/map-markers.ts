import type { BodyView } from '@clinic/sync-protocol/body';
import type { MapMarker } from '../../../components/body-map';
import type { LocalPainMarker } from '../../../data/clinic-db';

/** The markers of one figure, as the body map draws them. */
export function mapMarkers(markers: readonly LocalPainMarker[], view: BodyView): MapMarker[] {
  return markers
    .filter((m) => m.view === view)
    .map(({ id, number, x, y, painLevel, resolved }) => ({ id, number, view, x, y, painLevel, resolved }));
}

export const VIEWS: readonly BodyView[] = ['front', 'back'];

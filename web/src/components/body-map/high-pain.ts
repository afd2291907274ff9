import { highPainMarkers } from '@clinic/sync-protocol/body';
import type { BodyView } from '@clinic/sync-protocol/body';
import { spotPlace } from './marker-name';

type Spot = { view: BodyView; x: number; y: number; region?: string | null; painLevel: number; resolved?: boolean };

/**
 * Where it hurts badly (spec 5 and 9: level 7 or more, a healed spot aside), each place once, the
 * strongest first. React-free, so a list can name them without loading the figure.
 */
export function highPainPlaces(spots: readonly Spot[]): string[] {
  const strongestFirst = [...highPainMarkers(spots)].sort((a, b) => b.painLevel - a.painLevel);
  return [...new Set(strongestFirst.flatMap((spot) => spotPlace(spot) ?? []))];
}

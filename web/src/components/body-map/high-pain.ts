import { highPainMarkers } from '@clinic/sync-protocol/body';
import type { BodyView } from '@clinic/sync-protocol/body';
import { useEffect, useState } from 'react';
import { storedPlace } from './place-name';

type Spot = { view: BodyView; x: number; y: number; region?: string | null; painLevel: number; resolved?: boolean };
type PlaceOf = (spot: Spot) => string | null;

/**
 * Where it hurts badly (spec 5 and 9: level 7 or more, a healed spot aside), each place once, the
 * strongest first. By the region stored on each spot unless `placeOf` says otherwise: without the
 * figure's shapes, so a list can name them without loading the figure.
 */
export function highPainPlaces(spots: readonly Spot[], placeOf: PlaceOf = storedPlace): string[] {
  const strongestFirst = [...highPainMarkers(spots)].sort((a, b) => b.painLevel - a.painLevel);
  return [...new Set(strongestFirst.flatMap((spot) => placeOf(spot) ?? []))];
}

/**
 * highPainPlaces for a list: by the stored regions at once; a spot with none (a record from before spots
 * had regions) is named by its position once the shapes have loaded, a moment later.
 */
export function useHighPainPlaces(spots: readonly Spot[]): string[] {
  const unnamed = highPainMarkers(spots).some((spot) => storedPlace(spot) === null);
  const [byShape, setByShape] = useState<{ spots: readonly Spot[]; places: string[] } | null>(null);
  useEffect(() => {
    if (!unnamed) return;
    let live = true;
    void import('./marker-name').then(({ spotPlace }) => {
      if (live) setByShape({ spots, places: highPainPlaces(spots, spotPlace) });
    });
    return () => {
      live = false;
    };
  }, [spots, unnamed]);
  return byShape?.spots === spots ? byShape.places : highPainPlaces(spots);
}

import type { BodyView } from '@clinic/sync-protocol/body';

/**
 * What the map draws for a pain marker; the screens pass their stored markers. `region` (the stored
 * region id) names it for a screen reader; without it the region under x/y does.
 */
export type MapMarker = {
  id: string;
  number: number;
  view: BodyView;
  x: number;
  y: number;
  painLevel: number;
  resolved?: boolean;
  region?: string | null;
};

/** A tapped place on the body: percent with one decimal, its region id and the spec's label. */
export type MapPoint = { view: BodyView; x: number; y: number; region: string | null; bodyPart: string };

/** A region's heat: intensity 0..10 (0 draws nothing) and how many marks it is made of. */
export type RegionHeat = { region: string; level: number; count: number };

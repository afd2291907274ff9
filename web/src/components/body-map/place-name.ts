import { regionNameById, type RegionName, type BodyView } from '@clinic/sync-protocol/body';

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
export function regionPlace(region: RegionName, spot: Spot): string {
  const onMidline = Math.abs(spot.x - 50) <= MIDLINE_BAND;
  return onMidline && ACROSS_MIDLINE.has(region.key) ? region.name : region.label;
}

/**
 * Where a spot is, by the region stored on it (the body map stores one with every tap, and the server
 * fills it in for any other), or null. Names only: a list can use it without loading the figure's shapes.
 */
export function storedPlace(spot: Spot & { region?: string | null }): string | null {
  const region = spot.region ? regionNameById(spot.region) : null;
  return region ? regionPlace(region, spot) : null;
}

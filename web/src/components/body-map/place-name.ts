import {
  regionNameById,
  regionNameOnMidline,
  spotRegionId,
  type RegionName,
  type BodyView,
} from '@clinic/sync-protocol/body';

type Spot = { view: BodyView; x: number; y: number };

/**
 * A region's name for a spot in it: 肩（患者の右）, or 前頸部 for a spot on the midline of a region split
 * there. The rule is the protocol's, so the pain dialog, the chart, the printout and the server agree.
 */
export function regionPlace(region: RegionName, spot: Spot): string {
  return regionNameOnMidline(region, spot.x).label;
}

/**
 * Where a spot is, by the region stored on it (the body map stores one with every tap, and the server
 * fills it in for any other), or null. Names only: a list can use it without loading the figure's shapes.
 */
export function storedPlace(spot: Spot & { region?: string | null }): string | null {
  const id = spotRegionId(spot.region, spot.x);
  const region = id ? regionNameById(id) : null;
  return region ? region.label : null;
}

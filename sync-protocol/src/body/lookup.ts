/** Finding regions: by a tap's position, by id, by a name as a person or an old record writes it. */
import { compactText } from '../rules/normalize';
import { toPercent, toViewBox, type BodyView, type Point } from './frame';
import { interiorPoint, pointInPolygon } from './polygon';
import { BODY_REGIONS, MIDDLE_REGIONS, regionNameOnMidline, type BodyRegion } from './regions';
import { OUTLINE } from './silhouette';

/** The body's outline in percent; the same on every figure, front or back. */
export const BODY_OUTLINE: readonly Point[] = OUTLINE.map(toPercent);

type Indexed = { region: BodyRegion; minX: number; maxX: number; minY: number; maxY: number };
const indexed: Record<BodyView, Indexed[]> = { front: [], back: [] };
for (const region of BODY_REGIONS) {
  const xs = region.polygon.map((p) => p[0]);
  const ys = region.polygon.map((p) => p[1]);
  indexed[region.view].push({
    region,
    minX: Math.min(...xs),
    maxX: Math.max(...xs),
    minY: Math.min(...ys),
    maxY: Math.max(...ys),
  });
}

export function regionsOfView(view: BodyView): BodyRegion[] {
  return indexed[view].map((entry) => entry.region);
}

/** The middle regions of a view (heat map): each covers both halves of a region split at the midline. */
export function middleRegionsOfView(view: BodyView): BodyRegion[] {
  return MIDDLE_REGIONS.filter((region) => region.view === view);
}

/**
 * The region under a position (percent) on a figure; null outside the body, where a tap is ignored.
 * A spot on the midline of a region split there is in its middle region (下腹部), not in a half.
 */
export function regionAt(view: BodyView, x: number, y: number): BodyRegion | null {
  for (const entry of indexed[view]) {
    if (x < entry.minX || x > entry.maxX || y < entry.minY || y > entry.maxY) continue;
    if (pointInPolygon(entry.region.polygon, [x, y])) return regionById(regionNameOnMidline(entry.region, x).id);
  }
  return null;
}

export function isOnBody(x: number, y: number): boolean {
  return pointInPolygon(BODY_OUTLINE, [x, y]);
}

const byId = new Map([...BODY_REGIONS, ...MIDDLE_REGIONS].map((region) => [region.id, region]));

export function regionById(id: string): BodyRegion | null {
  return byId.get(id) ?? null;
}

/**
 * A name as typed or stored: full- or half-width brackets and spaces do not matter, and 臀部 (the
 * older character many still write) is taken as 殿部.
 */
export function normalizeRegionName(text: string): string {
  return compactText(text).replaceAll('臀', '殿');
}

const byLabel = new Map(
  [...BODY_REGIONS, ...MIDDLE_REGIONS].map((region) => [normalizeRegionName(region.label), region]),
);

/** The region a label names (殿部（患者の右）, 臀部(患者の右), 仙骨部), or its id; null when none. */
export function regionByLabel(label: string): BodyRegion | null {
  return byLabel.get(normalizeRegionName(label)) ?? regionById(label.trim());
}

const centres = new Map<string, Point>();

/**
 * A point well inside the region (percent), where a label or a heat-map value can sit. Found in
 * viewBox units, where a step across is as long as a step down.
 */
export function regionCentre(region: BodyRegion): Point {
  let centre = centres.get(region.id);
  if (!centre) {
    centre = toPercent(interiorPoint(region.polygon.map(toViewBox)));
    centres.set(region.id, centre);
  }
  return centre;
}

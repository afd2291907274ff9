/**
 * Named body regions with their outlines: each region of region-names.ts gets a polygon in percent of
 * the figure. The names live apart so that naming a stored spot does not load the shapes.
 */
import { MIDLINE_X, mirror, toPercent, type Point } from './frame';
import { MIDDLE_REGION_NAMES, REGION_NAMES, type RegionName } from './region-names';
import { BACK_SHAPES, FRONT_SHAPES, SACRUM_SHAPE, SHARED_SHAPES } from './region-shapes';

export {
  MIDDLE_REGION_NAMES,
  MIDLINE_BAND,
  REGION_GROUPS,
  REGION_NAMES,
  isOnMidline,
  regionNameById,
  regionNameOnMidline,
  spotRegionId,
} from './region-names';
export type { PainArea, RegionGroup, RegionName } from './region-names';

export type BodyRegion = RegionName & {
  /** Percent of the figure, as marker positions are. */
  polygon: readonly Point[];
};

/** Each kind's outline on the viewer's left half, by view and key. */
const SHAPES: Record<RegionName['view'], Record<string, readonly Point[]>> = {
  front: {
    head: SHARED_SHAPES.head,
    neck: FRONT_SHAPES.neck,
    shoulder: FRONT_SHAPES.shoulder,
    chest: FRONT_SHAPES.chest,
    'upper-abdomen': FRONT_SHAPES.upperAbdomen,
    'lower-abdomen': FRONT_SHAPES.lowerAbdomen,
    groin: FRONT_SHAPES.groin,
    'upper-arm': SHARED_SHAPES.upperArm,
    elbow: SHARED_SHAPES.elbow,
    forearm: SHARED_SHAPES.forearm,
    hand: SHARED_SHAPES.hand,
    thigh: FRONT_SHAPES.thigh,
    knee: SHARED_SHAPES.knee,
    'lower-leg': SHARED_SHAPES.lowerLeg,
    foot: SHARED_SHAPES.foot,
  },
  back: {
    head: SHARED_SHAPES.head,
    neck: BACK_SHAPES.neck,
    shoulder: BACK_SHAPES.shoulder,
    scapula: BACK_SHAPES.scapula,
    interscapular: BACK_SHAPES.interscapular,
    'mid-back': BACK_SHAPES.midBack,
    'low-back': BACK_SHAPES.lowBack,
    sacrum: SACRUM_SHAPE,
    buttock: BACK_SHAPES.buttock,
    'upper-arm': SHARED_SHAPES.upperArm,
    elbow: SHARED_SHAPES.elbow,
    forearm: SHARED_SHAPES.forearm,
    hand: SHARED_SHAPES.hand,
    thigh: BACK_SHAPES.thigh,
    knee: SHARED_SHAPES.knee,
    'lower-leg': SHARED_SHAPES.lowerLeg,
    foot: SHARED_SHAPES.foot,
  },
};

/**
 * A shape is drawn on the viewer's left: the patient's right on the front, the left on the back. The
 * other side is its mirror; a midline region is one shape across the middle.
 */
function outlineOf(region: RegionName): readonly Point[] {
  const shape = SHAPES[region.view][region.key];
  if (!shape) throw new Error(`no outline for ${region.id}`);
  const viewersLeft = region.view === 'front' ? '患者の右' : '患者の左';
  return region.side === '中央' || region.side === viewersLeft ? shape : shape.map(mirror);
}

/**
 * A half and its mirror joined into one outline across the midline, for a middle region. The half's
 * points on the midline are one run (its cut along the middle); the joined outline keeps that run's two
 * ends and drops the cut between them.
 */
export function joinHalves(half: readonly Point[]): Point[] {
  const onMidline = half.map((point) => Math.abs(point[0] - MIDLINE_X) < 1e-9);
  const n = half.length;
  // The run's first point: on the midline, its predecessor not.
  const first = onMidline.findIndex((on, i) => on && !onMidline[(i - 1 + n) % n]);
  let last = first;
  while (onMidline[(last + 1) % n]) last = (last + 1) % n;
  if (first < 0 || onMidline.filter(Boolean).length !== ((last - first + n) % n) + 1)
    throw new Error('a half must meet the midline in one run');
  const rest: Point[] = [];
  for (let i = (last + 1) % n; i !== first; i = (i + 1) % n) rest.push(half[i]!);
  return [half[last]!, ...rest, half[first]!, ...rest.map(mirror).reverse()];
}

/** The middle regions, each outlined as both of its halves together. */
export const MIDDLE_REGIONS: readonly BodyRegion[] = MIDDLE_REGION_NAMES.map((region) => ({
  ...region,
  polygon: joinHalves(SHAPES[region.view][region.key]!).map(toPercent),
}));

export const BODY_REGIONS: readonly BodyRegion[] = REGION_NAMES.map((region) => ({
  ...region,
  polygon: outlineOf(region).map(toPercent),
}));

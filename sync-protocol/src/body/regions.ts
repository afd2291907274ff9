/**
 * Named body regions with their outlines: each region of region-names.ts gets a polygon in percent of
 * the figure. The names live apart so that naming a stored spot does not load the shapes.
 */
import { mirror, toPercent, type Point } from './frame';
import { REGION_NAMES, type RegionName } from './region-names';
import { BACK_SHAPES, FRONT_SHAPES, SACRUM_SHAPE, SHARED_SHAPES } from './region-shapes';

export { REGION_GROUPS, REGION_NAMES, regionNameById } from './region-names';
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

export const BODY_REGIONS: readonly BodyRegion[] = REGION_NAMES.map((region) => ({
  ...region,
  polygon: outlineOf(region).map(toPercent),
}));

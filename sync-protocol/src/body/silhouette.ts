/**
 * The body's outline, shared by all four figures, described by a few measurements and drawn as the
 * viewer's left half, mirrored. Proportions follow adult anthropometry (as fractions of the height
 * from the floor at Y 392: shoulders 0.82, elbows 0.63, wrists 0.49, crotch 0.47, knees 0.28), and
 * the arms hang about 13° out, so arms and trunk never touch below the armpit. Front and back share
 * one silhouette; only the lines drawn inside it differ.
 */
import { MIDLINE_X, mirror, type Point } from './frame';
import { flattenRun } from './curve';
import { ARM, LEG, across, inHand } from './limbs';

/** Outline knots that regions are cut at. */
export type Landmark =
  | 'headTop'
  | 'neckTop'
  | 'neckBase'
  | 'deltoidOut'
  | 'elbowTopOut'
  | 'elbowBottomOut'
  | 'wristOut'
  | 'wristIn'
  | 'elbowBottomIn'
  | 'elbowTopIn'
  | 'armpit'
  | 'scapulaTip'
  | 'lowestRib'
  | 'navel'
  | 'iliacCrest'
  | 'groinTop'
  | 'groinBottom'
  | 'glutealFold'
  | 'kneeTopOut'
  | 'kneeBottomOut'
  | 'ankleOut'
  | 'ankleIn'
  | 'kneeBottomIn'
  | 'kneeTopIn'
  | 'crotch';

type Knot = { at: Point; name?: Landmark; corner?: boolean };

const HEAD = { cx: MIDLINE_X, cy: 33, rx: 17.5, ry: 25 };
const onHead = (degrees: number): Point => {
  const a = (degrees * Math.PI) / 180;
  return [HEAD.cx - HEAD.rx * Math.cos(a), HEAD.cy - HEAD.ry * Math.sin(a)];
};
const NECK_HALF_WIDTH = 9;
/** Where the neck leaves the head's oval, below the ear. */
const NECK_ANGLE = -(Math.acos(NECK_HALF_WIDTH / HEAD.rx) * 180) / Math.PI;

const outer = (segment: number, t: number, width: number) => across(ARM, segment, t, width).outer;
const inner = (segment: number, t: number, width: number) => across(ARM, segment, t, width).inner;
const legOuter = (segment: number, t: number, width: number) => across(LEG, segment, t, width).outer;
const legInner = (segment: number, t: number, width: number) => across(LEG, segment, t, width).inner;

/** From the top of the head down the viewer's left side, round the hand and foot, to the crotch. */
const HALF_KNOTS: readonly Knot[] = [
  { at: onHead(90), name: 'headTop' },
  ...[62, 35, 12].map((degrees) => ({ at: onHead(degrees) })),
  // The ear, standing a little out from the head between the eyes' and the nose's level.
  { at: [81.2, 29.6] },
  { at: [80.4, 33.6] },
  { at: [81.6, 39.4] },
  ...[-20, -40].map((degrees) => ({ at: onHead(degrees) })),
  { at: onHead(NECK_ANGLE), name: 'neckTop', corner: true },
  { at: [91.4, 61] },
  { at: [90.4, 67.5], name: 'neckBase' },
  // Trapezius slope to the acromion, then round the deltoid.
  { at: [84.5, 70.6] },
  { at: [75, 73.6] },
  { at: [64.5, 77] },
  { at: [57.6, 80.6] },
  { at: [53.6, 87.5] },
  { at: outer(0, 0.22, 10.4) },
  { at: outer(0, 0.42, 8.9), name: 'deltoidOut' },
  { at: outer(0, 0.68, 8) },
  { at: outer(0, 0.9, 7.4), name: 'elbowTopOut' },
  { at: outer(1, 0.14, 7.6), name: 'elbowBottomOut' },
  { at: outer(1, 0.42, 7.8) },
  { at: outer(1, 0.74, 6) },
  { at: outer(1, 0.93, 5.2), name: 'wristOut' },
  // An open hand, palm forward and thumb out (u across, outward +; v down the hand).
  { at: inHand(6.4, 3) },
  { at: inHand(8.6, 8.5) },
  { at: inHand(11.4, 14) },
  { at: inHand(13.6, 19.5) },
  { at: inHand(14, 24.5) },
  { at: inHand(12, 27.6) },
  { at: inHand(9.8, 25.2) },
  { at: inHand(7.8, 19.5), corner: true },
  { at: inHand(7.6, 27) },
  { at: inHand(6.8, 37) },
  { at: inHand(3.2, 41.8) },
  { at: inHand(-2, 41.6) },
  { at: inHand(-6.4, 37.5) },
  { at: inHand(-8.4, 28) },
  { at: inHand(-8.4, 15) },
  { at: inHand(-6.2, 5) },
  { at: inner(1, 0.93, 5.2), name: 'wristIn' },
  { at: inner(1, 0.74, 5.6) },
  { at: inner(1, 0.42, 7) },
  { at: inner(1, 0.14, 6.8), name: 'elbowBottomIn' },
  { at: inner(0, 0.9, 6.8), name: 'elbowTopIn' },
  { at: inner(0, 0.68, 7.6) },
  { at: inner(0, 0.42, 8.6) },
  { at: inner(0, 0.2, 9.2), name: 'armpit', corner: true },
  // The trunk's side: chest, waist, hip.
  { at: [67.8, 112] },
  // The level of the scapula's lower tip, where 肩甲部 ends on the back.
  { at: [69, 126], name: 'scapulaTip' },
  { at: [70.2, 142], name: 'lowestRib' },
  { at: [70.8, 151] },
  { at: [70.1, 161], name: 'navel' },
  { at: [68.4, 171], name: 'iliacCrest' },
  { at: [65, 182], name: 'groinTop' },
  { at: [63.2, 195] },
  { at: legOuter(0, 0.09, 18), name: 'groinBottom' },
  { at: legOuter(0, 0.22, 17), name: 'glutealFold' },
  { at: legOuter(0, 0.45, 14.8) },
  { at: legOuter(0, 0.68, 12.8) },
  { at: legOuter(0, 0.86, 11.4), name: 'kneeTopOut' },
  { at: legOuter(1, 0.15, 10.8), name: 'kneeBottomOut' },
  { at: legOuter(1, 0.3, 11.6) },
  { at: legOuter(1, 0.55, 9.8) },
  { at: legOuter(1, 0.78, 7.2) },
  { at: legOuter(1, 0.9, 6.4), name: 'ankleOut' },
  // The foot seen from in front: outer ankle bone, toes on the floor, inner ankle bone.
  { at: [70.4, 371] },
  { at: [68.2, 379] },
  { at: [66.2, 386] },
  { at: [66, 390.6] },
  { at: [68.6, 393.2] },
  { at: [78, 394] },
  { at: [86, 393.6] },
  { at: [90.4, 391.6] },
  { at: [90.8, 387] },
  { at: [88, 380] },
  { at: [85.2, 372] },
  { at: legInner(1, 0.9, 6.4), name: 'ankleIn' },
  { at: legInner(1, 0.78, 6.8) },
  { at: legInner(1, 0.55, 8.8) },
  { at: legInner(1, 0.3, 10.2) },
  { at: legInner(1, 0.15, 10.2), name: 'kneeBottomIn' },
  { at: legInner(0, 0.86, 10.4), name: 'kneeTopIn' },
  { at: legInner(0, 0.68, 11.5) },
  { at: legInner(0, 0.45, 13.5) },
  { at: legInner(0, 0.22, 16.2) },
  { at: [MIDLINE_X, 213], name: 'crotch', corner: true },
];

const knotPoints = HALF_KNOTS.map((knot) => knot.at);
/** Whole loop of knots, so the flattened half meets its mirror smoothly at the top of the head. */
const loop = [...knotPoints, ...knotPoints.slice(1, -1).reverse().map(mirror)];
const corners = new Set(HALF_KNOTS.flatMap((knot, i) => (knot.corner ? [i] : [])));
const flat = flattenRun(loop, corners, 0, HALF_KNOTS.length - 1);

/** The viewer's left half of the outline, from the top of the head to the crotch, in viewBox units. */
export const HALF_OUTLINE: readonly Point[] = flat.points;

/** The closed outline: the left half, then the mirrored right half from the crotch back up. */
export const OUTLINE: readonly Point[] = [...HALF_OUTLINE, ...HALF_OUTLINE.slice(1, -1).reverse().map(mirror)];

const landmarkIndex = new Map<Landmark, number>();
HALF_KNOTS.forEach((knot, i) => {
  if (knot.name) landmarkIndex.set(knot.name, flat.knotIndex[i]!);
});

function indexOf(landmark: Landmark): number {
  const index = landmarkIndex.get(landmark);
  if (index === undefined) throw new Error(`no landmark ${landmark}`);
  return index;
}

export function landmark(name: Landmark): Point {
  return HALF_OUTLINE[indexOf(name)]!;
}

/** The half outline's points from one landmark to another, both included, in the order asked. */
export function alongOutline(from: Landmark, to: Landmark): Point[] {
  const [a, b] = [indexOf(from), indexOf(to)];
  return a <= b ? HALF_OUTLINE.slice(a, b + 1) : HALF_OUTLINE.slice(b, a + 1).reverse();
}

/**
 * The viewer's left arm and leg as centre lines through their joints. A width measured across a
 * limb at a point of its centre line gives two outline knots square to the limb, so the cuts between
 * upper arm, elbow and forearm run straight across the limb even though it hangs at a slant.
 */
import type { Point } from './frame';

/** Shoulder, elbow, wrist joints. */
export const ARM: readonly Point[] = [
  [60, 90],
  [46, 150],
  [35, 204],
];

/** Hip, knee, ankle joints. */
export const LEG: readonly Point[] = [
  [81, 205],
  [79, 284],
  [77.5, 372],
];

function frame(limb: readonly Point[], segment: number): { from: Point; along: Point; out: Point } {
  const from = limb[segment]!;
  const to = limb[segment + 1]!;
  const length = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const along: Point = [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
  // Square to the limb, pointing away from the midline (toward the viewer's left).
  const out: Point = [-along[1], along[0]];
  return { from, along, out };
}

/** The limb's outer and inner edges at fraction t of one segment, `halfWidth` from the centre line. */
export function across(
  limb: readonly Point[],
  segment: number,
  t: number,
  halfWidth: number,
): { outer: Point; inner: Point } {
  const { from, along, out } = frame(limb, segment);
  const length = Math.hypot(limb[segment + 1]![0] - from[0], limb[segment + 1]![1] - from[1]);
  const centre: Point = [from[0] + along[0] * length * t, from[1] + along[1] * length * t];
  return {
    outer: [centre[0] + out[0] * halfWidth, centre[1] + out[1] * halfWidth],
    inner: [centre[0] - out[0] * halfWidth, centre[1] - out[1] * halfWidth],
  };
}

/** A point of the hand, from the wrist joint: u across (outward, the thumb's side), v down the hand. */
export function inHand(u: number, v: number): Point {
  const { along, out } = frame(ARM, 1);
  const wrist = ARM[2]!;
  return [wrist[0] + along[0] * v + out[0] * u, wrist[1] + along[1] * v + out[1] * u];
}

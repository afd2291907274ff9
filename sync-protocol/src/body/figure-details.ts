/**
 * The lines drawn inside the outline. The chart (カルテ) figures carry the landmarks a clinician
 * reads a position by; their lines sit on the region borders they stand for (clavicle, costal arch,
 * groin, scapular spine, sacrum, gluteal fold). The interview (問診) figures stay plain, with just
 * enough (a face, the hair at the nape) that a patient cannot mistake the front for the back.
 */
import { MIDLINE_X, mirror, type Point } from './frame';
import { LEG, inHand } from './limbs';
import { bothSides, ellipsePath, polylinePath, smoothLoopPath, smoothPath } from './path';
import { BORDER_LINES as LINE, CUT_POINTS as CUT } from './region-shapes';
import { landmark } from './silhouette';

const midline = (y: number): Point => [MIDLINE_X, y];
const NAVEL: Point = midline(159);
const KNEE_CENTRE = LEG[1]!;
const between = (a: Point, b: Point, t: number): Point => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

const SCAPULA: Point[] = [
  [90, 84.5],
  [90.8, 100],
  [89.6, 114],
  [86.4, 123],
  [79, 112],
  [72.6, 99],
  [70.6, 90],
  [78, 84.4],
];
const PATELLA: Point = [KNEE_CENTRE[0], KNEE_CENTRE[1] - 1];
const POPLITEAL_CREASE: Point[] = [-6.5, 0, 6.5].map((dx) => [
  KNEE_CENTRE[0] + dx,
  KNEE_CENTRE[1] + (dx === 0 ? -0.6 : 0.6),
]);
const EYE: Point = [93.2, 32.2];
const SMILE: Point[] = [[94.8, 42.4], [97.4, 44.6], midline(45.4), [102.6, 44.6], [105.2, 42.4]];
const NAPE_HAIRLINE: Point[] = [[85.2, 44], [92.4, 48.6], midline(49.8), [107.6, 48.6], [114.8, 44]];
const line = (points: readonly Point[]) => polylinePath(points);

/** Open fingers: three short lines between the four fingers, from the tips toward the palm. */
const fingers = [3.4, 0, -3.3].flatMap((u) => bothSides([inHand(u, 40.6), inHand(u, 30.5)], line));

export const FRONT_CHART_DETAILS: readonly string[] = [
  ...bothSides([...LINE.clavicle, [67.5, 77.2]], smoothPath),
  polylinePath([midline(76), midline(NAVEL[1] - 2.2)]),
  polylinePath([midline(NAVEL[1] + 2.2), CUT.pubis]),
  ...bothSides(LINE.costalArch, smoothPath),
  ellipsePath(NAVEL, 1.5, 2),
  ...bothSides([between(landmark('groinTop'), CUT.pubis, 0.08), between(landmark('groinTop'), CUT.pubis, 0.94)], line),
  ...bothSides([PATELLA], ([patella]) => ellipsePath(patella!, 4.4, 5.8)),
  ...fingers,
];

export const BACK_CHART_DETAILS: readonly string[] = [
  polylinePath([midline(69), CUT.sacrumTop]),
  ...bothSides(SCAPULA, smoothLoopPath),
  ...bothSides([...LINE.scapularSpine, [66.5, 80.4]], line),
  ...bothSides(LINE.iliacCrest, smoothPath),
  polylinePath([CUT.sacrumCorner, CUT.coccyx, mirror(CUT.sacrumCorner)]),
  polylinePath([CUT.coccyx, landmark('crotch')]),
  ...bothSides(LINE.glutealFold.slice(0, -1), smoothPath),
  ...bothSides(POPLITEAL_CREASE, smoothPath),
  ...fingers,
];

export const FRONT_INTERVIEW_DETAILS: readonly string[] = [
  ...bothSides([EYE], ([eye]) => ellipsePath(eye!, 1.3, 1.6)),
  smoothPath(SMILE),
  ellipsePath(NAVEL, 1.3, 1.7),
  ...fingers,
];

export const BACK_INTERVIEW_DETAILS: readonly string[] = [
  smoothPath(NAPE_HAIRLINE),
  polylinePath([midline(186), landmark('crotch')]),
  ...bothSides(LINE.glutealFold.slice(0, -1), smoothPath),
  ...fingers,
];

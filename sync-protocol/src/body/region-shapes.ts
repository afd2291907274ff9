/**
 * Region outlines in viewBox units, for the viewer's left half (mirrored for the right). Each is cut
 * from the shared outline: a run of the outline between two landmarks, closed by straight cuts
 * through the points below. Neighbours share their cut points exactly, so the regions of a view
 * tile the body with no gap and no overlap (regions.test.ts checks it on a fine grid).
 */
import { MIDLINE_X, mirror, type Point } from './frame';
import { alongOutline as along, landmark } from './silhouette';

const midline = (y: number): Point => [MIDLINE_X, y];

/** Cut points inside the body. */
const CUT = {
  chin: midline(58),
  /** The sternal notch in front, the seventh cervical vertebra behind. */
  neckBottom: midline(73),
  xiphoid: midline(124),
  navel: midline(161),
  pubis: midline(202),
  scapulaMedialBottom: [90, 126],
  t3: midline(84),
  t7: midline(126),
  l1: midline(142),
  sacrumCorner: [89, 175],
  sacrumTop: midline(175),
  coccyx: midline(204),
} as const satisfies Record<string, Point>;

/**
 * Landmark lines that are also borders, medial end first: the chart figures draw them, so a
 * clinician sees the border where the anatomy puts it.
 */
export const BORDER_LINES = {
  /** Clavicle, from its inner end out to where the front of the shoulder leaves the chest. */
  clavicle: [
    [94, 74.6],
    [86, 75.6],
    [77.5, 75.4],
  ],
  costalArch: [CUT.xiphoid, [91, 129.5], [81, 136.5], landmark('lowestRib')],
  /** Spine of the scapula: 肩上部 above, 肩甲部 below. */
  scapularSpine: [
    [90, 88],
    [80, 84.8],
    [69, 81.2],
  ],
  /** Iliac crest from the sacrum out to the side: 腰部 above, 殿部 below. */
  iliacCrest: [CUT.sacrumCorner, [78, 168], landmark('iliacCrest')],
  /** Gluteal fold from the crotch out: 殿部 above, 大腿後面 below. */
  glutealFold: [landmark('crotch'), [90, 220], [78, 222.8], landmark('glutealFold')],
} as const satisfies Record<string, readonly Point[]>;

const LINE = BORDER_LINES;
const reversed = (points: readonly Point[]) => [...points].reverse();
const crotch = landmark('crotch');
const armpit = landmark('armpit');

/** Shapes both views share: head, arms, and the legs below the thigh. */
export const SHARED_SHAPES = {
  head: [...along('headTop', 'neckTop'), CUT.chin],
  upperArm: [...along('deltoidOut', 'elbowTopOut'), ...along('elbowTopIn', 'armpit')],
  elbow: [...along('elbowTopOut', 'elbowBottomOut'), ...along('elbowBottomIn', 'elbowTopIn')],
  forearm: [...along('elbowBottomOut', 'wristOut'), ...along('wristIn', 'elbowBottomIn')],
  hand: along('wristOut', 'wristIn'),
  knee: [...along('kneeTopOut', 'kneeBottomOut'), ...along('kneeBottomIn', 'kneeTopIn')],
  lowerLeg: [...along('kneeBottomOut', 'ankleOut'), ...along('ankleIn', 'kneeBottomIn')],
  foot: along('ankleOut', 'ankleIn'),
} satisfies Record<string, Point[]>;

export const FRONT_SHAPES = {
  neck: [CUT.chin, ...along('neckTop', 'neckBase'), LINE.clavicle[0], CUT.neckBottom],
  shoulder: [...along('neckBase', 'deltoidOut'), armpit, ...reversed(LINE.clavicle)],
  chest: [CUT.neckBottom, ...LINE.clavicle, ...along('armpit', 'lowestRib'), ...reversed(LINE.costalArch).slice(1)],
  upperAbdomen: [...along('lowestRib', 'navel'), CUT.navel, ...LINE.costalArch.slice(0, -1)],
  lowerAbdomen: [...along('navel', 'groinTop'), CUT.pubis, CUT.navel],
  groin: [...along('groinTop', 'groinBottom'), crotch, CUT.pubis],
  thigh: [...along('groinBottom', 'kneeTopOut'), ...along('kneeTopIn', 'crotch')],
} satisfies Record<string, Point[]>;

export const BACK_SHAPES = {
  neck: [CUT.chin, ...along('neckTop', 'neckBase'), CUT.neckBottom],
  shoulder: [...along('neckBase', 'deltoidOut'), armpit, ...reversed(LINE.scapularSpine), CUT.t3, CUT.neckBottom],
  scapula: [...along('armpit', 'scapulaTip'), CUT.scapulaMedialBottom, ...LINE.scapularSpine],
  interscapular: [CUT.t3, LINE.scapularSpine[0], CUT.scapulaMedialBottom, CUT.t7],
  midBack: [...along('scapulaTip', 'lowestRib'), CUT.l1, CUT.t7, CUT.scapulaMedialBottom],
  lowBack: [
    ...along('lowestRib', 'iliacCrest'),
    ...LINE.iliacCrest.slice(1, -1),
    CUT.sacrumCorner,
    CUT.sacrumTop,
    CUT.l1,
  ],
  buttock: [
    ...along('iliacCrest', 'glutealFold'),
    ...reversed(LINE.glutealFold).slice(1),
    CUT.coccyx,
    ...LINE.iliacCrest.slice(0, -1),
  ],
  thigh: [...along('glutealFold', 'kneeTopOut'), ...along('kneeTopIn', 'crotch'), ...LINE.glutealFold.slice(1, -1)],
} satisfies Record<string, Point[]>;

/** The sacrum lies on the midline: one region, not split. */
export const SACRUM_SHAPE: readonly Point[] = [CUT.sacrumCorner, CUT.coccyx, mirror(CUT.sacrumCorner), CUT.sacrumTop];

/** Cut points the chart figures mark too (the midline's ends, the sacrum). */
export const CUT_POINTS = CUT;

/**
 * Named body regions (after the CHOIR body map, which splits every area at the midline; the names
 * and borders are ours). Each region is a polygon in percent of the figure and rolls up to the
 * pre-survey's pain areas and to a coarse group for summaries.
 */
import type { PAIN_AREAS } from '../surveys/questions';
import { mirror, toPercent, type BodySide, type BodyView, type Point } from './frame';
import { BACK_SHAPES, FRONT_SHAPES, SACRUM_SHAPE, SHARED_SHAPES } from './region-shapes';

export type PainArea = (typeof PAIN_AREAS)[number];
export const REGION_GROUPS = ['頭頸部', '肩・上肢', '体幹前面', '体幹背面', '下肢'] as const;
export type RegionGroup = (typeof REGION_GROUPS)[number];

export type BodyRegion = {
  /** Stable, stored on markers: `front.shoulder.right` (the patient's right). */
  id: string;
  view: BodyView;
  /** The anatomical name without the side: 肩. */
  name: string;
  side: BodySide;
  /** What a person reads: 肩（患者の右）, or the name alone for a midline region. */
  label: string;
  painArea: PainArea;
  group: RegionGroup;
  /** Percent of the figure, as marker positions are. */
  polygon: readonly Point[];
};

type Kind = {
  key: string;
  name: string;
  painArea: PainArea;
  group: RegionGroup;
  shape: readonly Point[];
  midline?: true;
};

// 肩こり, as patients mean it, runs from the top of the shoulders round the shoulder blades, so the
// back's shoulder regions all roll up to the survey's 肩. The sacrum is 腰; the buttock is not.
const FRONT: readonly Kind[] = [
  { key: 'head', name: '頭部・顔面', painArea: '頭', group: '頭頸部', shape: SHARED_SHAPES.head },
  { key: 'neck', name: '前頸部', painArea: '首', group: '頭頸部', shape: FRONT_SHAPES.neck },
  { key: 'shoulder', name: '肩', painArea: '肩', group: '肩・上肢', shape: FRONT_SHAPES.shoulder },
  { key: 'chest', name: '胸部', painArea: 'その他', group: '体幹前面', shape: FRONT_SHAPES.chest },
  { key: 'upper-abdomen', name: '上腹部', painArea: 'その他', group: '体幹前面', shape: FRONT_SHAPES.upperAbdomen },
  { key: 'lower-abdomen', name: '下腹部', painArea: 'その他', group: '体幹前面', shape: FRONT_SHAPES.lowerAbdomen },
  { key: 'groin', name: '鼠径部', painArea: 'その他', group: '体幹前面', shape: FRONT_SHAPES.groin },
  { key: 'upper-arm', name: '上腕', painArea: 'その他', group: '肩・上肢', shape: SHARED_SHAPES.upperArm },
  { key: 'elbow', name: '肘', painArea: 'その他', group: '肩・上肢', shape: SHARED_SHAPES.elbow },
  { key: 'forearm', name: '前腕', painArea: 'その他', group: '肩・上肢', shape: SHARED_SHAPES.forearm },
  { key: 'hand', name: '手・手首', painArea: 'その他', group: '肩・上肢', shape: SHARED_SHAPES.hand },
  { key: 'thigh', name: '大腿前面', painArea: 'その他', group: '下肢', shape: FRONT_SHAPES.thigh },
  { key: 'knee', name: '膝', painArea: '膝', group: '下肢', shape: SHARED_SHAPES.knee },
  { key: 'lower-leg', name: '下腿前面', painArea: 'その他', group: '下肢', shape: SHARED_SHAPES.lowerLeg },
  { key: 'foot', name: '足首・足', painArea: 'その他', group: '下肢', shape: SHARED_SHAPES.foot },
];

const BACK: readonly Kind[] = [
  { key: 'head', name: '後頭部', painArea: '頭', group: '頭頸部', shape: SHARED_SHAPES.head },
  { key: 'neck', name: '後頸部', painArea: '首', group: '頭頸部', shape: BACK_SHAPES.neck },
  { key: 'shoulder', name: '肩上部', painArea: '肩', group: '肩・上肢', shape: BACK_SHAPES.shoulder },
  { key: 'scapula', name: '肩甲部', painArea: '肩', group: '体幹背面', shape: BACK_SHAPES.scapula },
  { key: 'interscapular', name: '肩甲間部', painArea: '肩', group: '体幹背面', shape: BACK_SHAPES.interscapular },
  { key: 'mid-back', name: '背部', painArea: 'その他', group: '体幹背面', shape: BACK_SHAPES.midBack },
  { key: 'low-back', name: '腰部', painArea: '腰', group: '体幹背面', shape: BACK_SHAPES.lowBack },
  { key: 'sacrum', name: '仙骨部', painArea: '腰', group: '体幹背面', shape: SACRUM_SHAPE, midline: true },
  { key: 'buttock', name: '殿部', painArea: 'その他', group: '体幹背面', shape: BACK_SHAPES.buttock },
  { key: 'upper-arm', name: '上腕後面', painArea: 'その他', group: '肩・上肢', shape: SHARED_SHAPES.upperArm },
  { key: 'elbow', name: '後肘部', painArea: 'その他', group: '肩・上肢', shape: SHARED_SHAPES.elbow },
  { key: 'forearm', name: '前腕後面', painArea: 'その他', group: '肩・上肢', shape: SHARED_SHAPES.forearm },
  { key: 'hand', name: '手背・手首', painArea: 'その他', group: '肩・上肢', shape: SHARED_SHAPES.hand },
  { key: 'thigh', name: '大腿後面', painArea: 'その他', group: '下肢', shape: BACK_SHAPES.thigh },
  { key: 'knee', name: '膝窩', painArea: '膝', group: '下肢', shape: SHARED_SHAPES.knee },
  { key: 'lower-leg', name: '下腿後面', painArea: 'その他', group: '下肢', shape: SHARED_SHAPES.lowerLeg },
  { key: 'foot', name: '踵・足底', painArea: 'その他', group: '下肢', shape: SHARED_SHAPES.foot },
];

const SIDE_ID: Record<BodySide, string> = { 患者の右: 'right', 患者の左: 'left', 中央: 'center' };

function region(view: BodyView, kind: Kind, side: BodySide, shape: readonly Point[]): BodyRegion {
  return {
    id: `${view}.${kind.key}.${SIDE_ID[side]}`,
    view,
    name: kind.name,
    side,
    label: side === '中央' ? kind.name : `${kind.name}（${side}）`,
    painArea: kind.painArea,
    group: kind.group,
    polygon: shape.map(toPercent),
  };
}

/** A shape is drawn on the viewer's left: the patient's right on the front, the left on the back. */
function regionsOf(view: BodyView, kind: Kind): BodyRegion[] {
  if (kind.midline) return [region(view, kind, '中央', kind.shape)];
  const [viewersLeft, viewersRight]: [BodySide, BodySide] =
    view === 'front' ? ['患者の右', '患者の左'] : ['患者の左', '患者の右'];
  const sides = [region(view, kind, viewersLeft, kind.shape), region(view, kind, viewersRight, kind.shape.map(mirror))];
  return sides[0]!.side === '患者の右' ? sides : sides.reverse();
}

export const BODY_REGIONS: readonly BodyRegion[] = [
  ...FRONT.flatMap((kind) => regionsOf('front', kind)),
  ...BACK.flatMap((kind) => regionsOf('back', kind)),
];

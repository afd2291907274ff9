/**
 * The named body regions without their outlines (regions.ts adds those): what a list or a summary needs
 * to name a stored spot (`front.shoulder.right` → 肩（患者の右）) without loading the figure's shapes.
 * Names after the CHOIR body map, which splits every area at the midline; the names and borders are ours.
 */
import type { PAIN_AREAS } from '../surveys/questions';
import type { BodySide, BodyView } from './frame';

export type PainArea = (typeof PAIN_AREAS)[number];
export const REGION_GROUPS = ['頭頸部', '肩・上肢', '体幹前面', '体幹背面', '下肢'] as const;
export type RegionGroup = (typeof REGION_GROUPS)[number];

/** A region as named and rolled up, without its outline. */
export type RegionName = {
  /** Stable, stored on markers: `front.shoulder.right` (the patient's right). */
  id: string;
  view: BodyView;
  /** The kind of region, the same on both sides: `shoulder`. */
  key: string;
  /** The anatomical name without the side: 肩. */
  name: string;
  side: BodySide;
  /** What a person reads: 肩（患者の右）, or the name alone for a midline region. */
  label: string;
  painArea: PainArea;
  group: RegionGroup;
};

/**
 * midline: the region lies on the midline, one region (the sacrum). across: the region is split at the
 * midline, and a spot on the midline itself is in the middle of it, on neither side (spec 3's 中央).
 */
type Kind = { key: string; name: string; painArea: PainArea; group: RegionGroup; midline?: true; across?: true };

// 肩こり, as patients mean it, runs from the top of the shoulders round the shoulder blades, so the
// back's shoulder regions all roll up to the survey's 肩. The sacrum is 腰; the buttock is not.
const FRONT: readonly Kind[] = [
  { key: 'head', name: '頭部・顔面', painArea: '頭', group: '頭頸部', across: true },
  { key: 'neck', name: '前頸部', painArea: '首', group: '頭頸部', across: true },
  { key: 'shoulder', name: '肩', painArea: '肩', group: '肩・上肢' },
  { key: 'chest', name: '胸部', painArea: 'その他', group: '体幹前面', across: true },
  { key: 'upper-abdomen', name: '上腹部', painArea: 'その他', group: '体幹前面', across: true },
  { key: 'lower-abdomen', name: '下腹部', painArea: 'その他', group: '体幹前面', across: true },
  { key: 'groin', name: '鼠径部', painArea: 'その他', group: '体幹前面' },
  { key: 'upper-arm', name: '上腕', painArea: 'その他', group: '肩・上肢' },
  { key: 'elbow', name: '肘', painArea: 'その他', group: '肩・上肢' },
  { key: 'forearm', name: '前腕', painArea: 'その他', group: '肩・上肢' },
  { key: 'hand', name: '手・手首', painArea: 'その他', group: '肩・上肢' },
  { key: 'thigh', name: '大腿前面', painArea: 'その他', group: '下肢' },
  { key: 'knee', name: '膝', painArea: '膝', group: '下肢' },
  { key: 'lower-leg', name: '下腿前面', painArea: 'その他', group: '下肢' },
  { key: 'foot', name: '足首・足', painArea: 'その他', group: '下肢' },
];

const BACK: readonly Kind[] = [
  { key: 'head', name: '後頭部', painArea: '頭', group: '頭頸部', across: true },
  { key: 'neck', name: '後頸部', painArea: '首', group: '頭頸部', across: true },
  { key: 'shoulder', name: '肩上部', painArea: '肩', group: '肩・上肢' },
  { key: 'scapula', name: '肩甲部', painArea: '肩', group: '体幹背面' },
  { key: 'interscapular', name: '肩甲間部', painArea: '肩', group: '体幹背面', across: true },
  { key: 'mid-back', name: '背部', painArea: 'その他', group: '体幹背面', across: true },
  { key: 'low-back', name: '腰部', painArea: '腰', group: '体幹背面', across: true },
  { key: 'sacrum', name: '仙骨部', painArea: '腰', group: '体幹背面', midline: true },
  { key: 'buttock', name: '殿部', painArea: 'その他', group: '体幹背面' },
  { key: 'upper-arm', name: '上腕後面', painArea: 'その他', group: '肩・上肢' },
  { key: 'elbow', name: '後肘部', painArea: 'その他', group: '肩・上肢' },
  { key: 'forearm', name: '前腕後面', painArea: 'その他', group: '肩・上肢' },
  { key: 'hand', name: '手背・手首', painArea: 'その他', group: '肩・上肢' },
  { key: 'thigh', name: '大腿後面', painArea: 'その他', group: '下肢' },
  { key: 'knee', name: '膝窩', painArea: '膝', group: '下肢' },
  { key: 'lower-leg', name: '下腿後面', painArea: 'その他', group: '下肢' },
  { key: 'foot', name: '踵・足底', painArea: 'その他', group: '下肢' },
];

const SIDE_ID: Record<BodySide, string> = { 患者の右: 'right', 患者の左: 'left', 中央: 'center' };

function named(view: BodyView, kind: Kind, side: BodySide): RegionName {
  return {
    id: `${view}.${kind.key}.${SIDE_ID[side]}`,
    view,
    key: kind.key,
    name: kind.name,
    side,
    label: side === '中央' ? kind.name : `${kind.name}（${side}）`,
    painArea: kind.painArea,
    group: kind.group,
  };
}

/** Every region of both views, the patient's right before the left. */
export const REGION_NAMES: readonly RegionName[] = (['front', 'back'] as const).flatMap((view) =>
  (view === 'front' ? FRONT : BACK).flatMap((kind) =>
    kind.midline ? [named(view, kind, '中央')] : [named(view, kind, '患者の右'), named(view, kind, '患者の左')],
  ),
);

/**
 * How far from the midline (percent of the figure's width) a spot is still on it: about half a
 * fingertip. The one rule for storing, naming and shading a spot on every screen and on the server.
 */
export const MIDLINE_BAND = 2;

export function isOnMidline(x: number): boolean {
  return Math.abs(x - 50) <= MIDLINE_BAND;
}

/**
 * The middle of each region split at the midline (`front.lower-abdomen.center`, named 下腹部): where a
 * spot on the midline is stored. Kept out of REGION_NAMES, whose regions tile the body without overlap;
 * a middle region covers both of its halves.
 */
export const MIDDLE_REGION_NAMES: readonly RegionName[] = (['front', 'back'] as const).flatMap((view) =>
  (view === 'front' ? FRONT : BACK).flatMap((kind) => (kind.across ? [named(view, kind, '中央')] : [])),
);

const byId = new Map([...REGION_NAMES, ...MIDDLE_REGION_NAMES].map((region) => [region.id, region]));
const middleOf = new Map(MIDDLE_REGION_NAMES.map((region) => [`${region.view}.${region.key}`, region]));

/**
 * The region a spot at x (percent) is in, given the half it falls in: the middle region when the spot
 * is on the midline of a region split there, else the half itself.
 */
export function regionNameOnMidline<R extends RegionName>(region: R, x: number): R | RegionName {
  if (region.side === '中央' || !isOnMidline(x)) return region;
  return middleOf.get(`${region.view}.${region.key}`) ?? region;
}

/**
 * A stored region id as the midline rule names it: a record stored before the rule (a spot at 50 %
 * kept as `front.lower-abdomen.left`) reads as the middle region, as a new tap there is stored.
 */
export function spotRegionId(id: string | null | undefined, x: number | undefined): string | null {
  if (!id) return null;
  const region = byId.get(id);
  return region && x !== undefined ? regionNameOnMidline(region, x).id : id;
}

/** A stored region id's names, or null when no region has that id. */
export function regionNameById(id: string): RegionName | null {
  return byId.get(id) ?? null;
}

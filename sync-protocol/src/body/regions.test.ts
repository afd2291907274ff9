import { describe, expect, it } from 'vitest';
import { PAIN_AREAS } from '../surveys/questions';
import type { BodyView } from './frame';
import { BODY_OUTLINE, isOnBody, regionAt, regionById, regionByLabel, regionCentre, regionsOfView } from './lookup';
import { crossingsAt, distanceToBoundary, insideOnLine, pointInPolygon, signedArea } from './polygon';
import { painExtent } from './pain-rules';
import { REGION_NAMES, regionNameById, regionNameOnMidline, spotRegionId } from './region-names';
import { BODY_REGIONS, MIDDLE_REGIONS, REGION_GROUPS } from './regions';

const VIEWS: BodyView[] = ['front', 'back'];
const REQUIRED: Record<BodyView, string[]> = {
  front: [
    '頭部・顔面',
    '前頸部',
    '肩',
    '胸部',
    '上腹部',
    '下腹部',
    '鼠径部',
    '上腕',
    '肘',
    '前腕',
    '手・手首',
    '大腿前面',
    '膝',
    '下腿前面',
    '足首・足',
  ],
  back: [
    '後頭部',
    '後頸部',
    '肩上部',
    '肩甲部',
    '肩甲間部',
    '背部',
    '腰部',
    '殿部',
    '大腿後面',
    '膝窩',
    '下腿後面',
    '踵・足底',
  ],
};

describe('the region catalogue', () => {
  it('has at least 60 regions with unique ids and labels', () => {
    expect(BODY_REGIONS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(BODY_REGIONS.map((r) => r.id)).size).toBe(BODY_REGIONS.length);
    expect(new Set(BODY_REGIONS.map((r) => r.label)).size).toBe(BODY_REGIONS.length);
  });

  it('names every required area on both of the patient’s sides, and the sacrum on the midline', () => {
    for (const view of VIEWS) {
      for (const name of REQUIRED[view]) {
        for (const side of ['患者の右', '患者の左'] as const) {
          const region = regionsOfView(view).find((r) => r.name === name && r.side === side);
          expect(region?.label, `${view} ${name} ${side}`).toBe(`${name}（${side}）`);
        }
      }
    }
    expect(regionByLabel('仙骨部')).toMatchObject({ view: 'back', side: '中央', id: 'back.sacrum.center' });
  });

  it('gives ids by view, area and the patient’s side', () => {
    expect(regionByLabel('肩（患者の右）')?.id).toBe('front.shoulder.right');
    expect(regionByLabel('膝窩（患者の左）')?.id).toBe('back.knee.left');
    for (const region of BODY_REGIONS) {
      expect(region.id).toMatch(new RegExp(`^${region.view}\\.[a-z-]+\\.(right|left|center)$`));
    }
  });

  it('rolls every region up to a survey pain area and a summary group', () => {
    for (const region of BODY_REGIONS) {
      expect(PAIN_AREAS).toContain(region.painArea);
      expect(REGION_GROUPS).toContain(region.group);
    }
    const areaOf = (label: string) => regionByLabel(label)?.painArea;
    expect([
      areaOf('頭部・顔面（患者の右）'),
      areaOf('後頸部（患者の左）'),
      areaOf('肩（患者の左）'),
      areaOf('腰部（患者の右）'),
      areaOf('膝窩（患者の右）'),
    ]).toEqual(['頭', '首', '肩', '腰', '膝']);
    expect(areaOf('前腕（患者の右）')).toBe('その他');
  });
});

describe('regionAt', () => {
  it('maps a point well inside each region to that region', () => {
    for (const region of BODY_REGIONS) {
      const [x, y] = regionCentre(region);
      expect(pointInPolygon(region.polygon, [x, y])).toBe(true);
      expect(distanceToBoundary(region.polygon, [x, y]), region.id).toBeGreaterThan(1);
      expect(regionAt(region.view, x, y)?.id).toBe(region.id);
      // A marker is stored at one decimal: that position must still be in the region.
      expect(regionAt(region.view, Math.round(x * 10) / 10, Math.round(y * 10) / 10)?.id).toBe(region.id);
    }
  });

  it('ignores a tap off the body: beside the head, between arm and trunk, between the legs, the corners', () => {
    for (const view of VIEWS) {
      for (const [x, y] of [
        [30, 5],
        [30, 40],
        [50, 70],
        [50, 99.5],
        [0, 0],
        [100, 100],
        [3, 50],
        [97, 50],
      ] as const) {
        expect(regionAt(view, x, y), `${view} ${x},${y}`).toBeNull();
      }
    }
  });

  it('front: a tap on the viewer’s left is the patient’s right', () => {
    expect(regionAt('front', 25, 25)?.label).toBe('肩（患者の右）');
    expect(regionAt('front', 75, 25)?.label).toBe('肩（患者の左）');
    expect(regionAt('front', 40, 75)?.label).toBe('下腿前面（患者の右）');
    expect(regionAt('front', 12, 57)?.label).toBe('手・手首（患者の右）');
  });

  it('back: a tap on the viewer’s left is the patient’s left', () => {
    expect(regionAt('back', 25, 25)?.label).toBe('肩上部（患者の左）');
    expect(regionAt('back', 75, 25)?.label).toBe('肩上部（患者の右）');
    expect(regionAt('back', 40, 75)?.label).toBe('下腿後面（患者の左）');
    expect(regionAt('back', 50, 48)?.label).toBe('仙骨部');
  });

  it('puts every split region on the side of the figure its side says, mirroring its partner', () => {
    for (const region of BODY_REGIONS.filter((r) => r.side !== '中央')) {
      const onViewersLeft = regionCentre(region)[0] < 50;
      expect(onViewersLeft, region.id).toBe((region.view === 'front') === (region.side === '患者の右'));
      const partner = regionById(region.id.replace(/(right|left)$/, (side) => (side === 'right' ? 'left' : 'right')))!;
      expect(partner.polygon).toHaveLength(region.polygon.length);
      partner.polygon.forEach(([x, y], i) => {
        expect(100 - x).toBeCloseTo(region.polygon[i]![0], 9);
        expect(y).toBe(region.polygon[i]![1]);
      });
    }
  });
});

describe('the regions tile the body', () => {
  // Every 0.2 % on both axes, the midline and every region border included: a point in the outline
  // is in exactly one region of the view, a point outside in none. No tolerance at the edges is
  // needed: regions share the outline's own points and their cut points exactly. Each row's edge
  // crossings are found once and every point of the row is judged by the even-odd rule that
  // pointInPolygon applies (it is the same two functions), so the 251,001 points take milliseconds.
  it.each(VIEWS)('%s: each point of a fine grid is in exactly one region inside the outline, none outside', (view) => {
    const regions = regionsOfView(view);
    let inside = 0;
    const wrong: string[] = [];
    for (let j = 0; j <= 500; j++) {
      const y = j / 5;
      const outline = crossingsAt(BODY_OUTLINE, y);
      const onRow = regions
        .map((region) => ({ region, crossings: crossingsAt(region.polygon, y) }))
        .filter((r) => r.crossings.length > 0);
      for (let i = 0; i <= 500; i++) {
        const x = i / 5;
        const onBody = insideOnLine(outline, x);
        const hits = onRow.filter((r) => insideOnLine(r.crossings, x)).map((r) => r.region);
        if (onBody) inside++;
        if (hits.length !== (onBody ? 1 : 0)) wrong.push(`${x},${y}: ${hits.map((r) => r.id).join(' ') || 'none'}`);
        else if (regionAt(view, x, y)?.id !== (hits[0] ? regionNameOnMidline(hits[0], x).id : undefined))
          wrong.push(`${x},${y}: regionAt`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(inside).toBeGreaterThan(30_000);
  });

  it('judges a point as pointInPolygon and isOnBody do, on and off the grid', () => {
    for (const [x, y] of [
      [50, 50],
      [30, 5],
      [25, 25],
      [50, 48],
      [12.3, 57.1],
      [0, 0],
      [50, 99.5],
    ] as const) {
      expect(insideOnLine(crossingsAt(BODY_OUTLINE, y), x), `${x},${y}`).toBe(isOnBody(x, y));
      for (const region of regionsOfView('front')) {
        expect(insideOnLine(crossingsAt(region.polygon, y), x)).toBe(pointInPolygon(region.polygon, [x, y]));
      }
    }
  });

  it.each(VIEWS)('%s: the regions’ areas add up to the outline’s', (view) => {
    const total = regionsOfView(view).reduce((sum, region) => sum + Math.abs(signedArea(region.polygon)), 0);
    expect(total).toBeCloseTo(Math.abs(signedArea(BODY_OUTLINE)), 6);
  });
});

describe('regionByLabel', () => {
  it('accepts 臀部 for 殿部, and either width of brackets', () => {
    expect(regionByLabel('臀部（患者の右）')?.id).toBe('back.buttock.right');
    expect(regionByLabel('殿部(患者の左)')?.id).toBe('back.buttock.left');
    expect(regionByLabel(' 肩甲間部 （患者の右） ')?.id).toBe('back.interscapular.right');
  });

  it('accepts an id, and answers null for a name it does not know', () => {
    expect(regionByLabel('front.knee.left')?.label).toBe('膝（患者の左）');
    expect(regionByLabel('殿部')).toBeNull();
    expect(regionByLabel('しっぽ（患者の右）')).toBeNull();
  });
});

describe('painExtent', () => {
  it('counts the distinct regions marked, not the markers', () => {
    const marker = (region: string | null, resolved = false) => ({ region, resolved });
    expect(painExtent([])).toBe(0);
    expect(painExtent([marker('front.knee.right'), marker('front.knee.right'), marker('back.low-back.left')])).toBe(2);
  });

  it('leaves out a healed (消失) spot and a marker without a region', () => {
    const markers = [{ region: 'front.knee.right', resolved: true }, { region: null }, { region: 'front.chest.left' }];
    expect(painExtent(markers)).toBe(1);
  });
});

describe('region names without their shapes', () => {
  it('name every region exactly as the shaped regions do, in the same order', () => {
    expect(BODY_REGIONS.map(({ polygon: _polygon, ...names }) => names)).toEqual(REGION_NAMES);
    for (const region of BODY_REGIONS)
      expect(regionNameById(region.id)).toEqual(REGION_NAMES.find((r) => r.id === region.id));
  });

  it('find no region for an id that is not one', () => {
    expect(regionNameById('front.tail.left')).toBeNull();
    expect(regionNameById('')).toBeNull();
  });

  it("mirror the viewer's right-hand side of each pair from its left", () => {
    const right = regionById('front.shoulder.right')!;
    const left = regionById('front.shoulder.left')!;
    expect(left.polygon.map(([x, y]) => [Math.round((100 - x) * 1e6) / 1e6, y])).toEqual(
      right.polygon.map(([x, y]) => [Math.round(x * 1e6) / 1e6, y]),
    );
  });
});

describe('a spot on the midline', () => {
  it('is in the middle region, without a side, at 50 % and within the band, for every region split there', () => {
    expect(regionAt('front', 50, 45)).toMatchObject({
      id: 'front.lower-abdomen.center',
      label: '下腹部',
      side: '中央',
    });
    for (const middle of MIDDLE_REGIONS) {
      const half = regionsOfView(middle.view).find((r) => r.key === middle.key && r.side !== '中央')!;
      const [, y] = regionCentre(half);
      for (const x of [50, 49, 51, 48, 52]) {
        expect(regionAt(middle.view, x, y)?.id, `${middle.id} at ${x}`).toBe(middle.id);
      }
      expect(middle.label).toBe(middle.name);
      expect(regionByLabel(middle.label)?.id).toBe(middle.id);
    }
    expect(MIDDLE_REGIONS.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'front.head.center',
        'front.chest.center',
        'back.low-back.center',
        'back.mid-back.center',
      ]),
    );
  });

  it('keeps its side off the band and in the regions that only meet the midline', () => {
    expect(regionAt('front', 47, 45)?.id).toBe('front.lower-abdomen.right');
    expect(regionAt('front', 53, 45)?.id).toBe('front.lower-abdomen.left');
    expect(regionAt('back', 50, 47)?.id).toBe('back.sacrum.center');
  });

  it('reads a record stored with a side on the midline as the middle region', () => {
    expect(spotRegionId('front.lower-abdomen.left', 50)).toBe('front.lower-abdomen.center');
    expect(spotRegionId('front.lower-abdomen.left', 60)).toBe('front.lower-abdomen.left');
    expect(spotRegionId('front.knee.left', 50)).toBe('front.knee.left');
    expect(spotRegionId(null, 50)).toBeNull();
  });

  it('outlines a middle region as both halves joined, covering each', () => {
    for (const middle of MIDDLE_REGIONS) {
      for (const half of regionsOfView(middle.view).filter((r) => r.key === middle.key)) {
        expect(pointInPolygon(middle.polygon, regionCentre(half)), `${middle.id} covers ${half.id}`).toBe(true);
      }
      expect(pointInPolygon(middle.polygon, regionCentre(middle))).toBe(true);
    }
  });
});

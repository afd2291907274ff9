import { describe, expect, it } from 'vitest';
import { toViewBox, type BodyView, type FigureStyle, type Point } from './frame';
import { bodyFigure, regionPath } from './figures';
import { regionByLabel } from './lookup';
import { distanceToBoundary, pointInPolygon } from './polygon';
import { CUT_POINTS } from './region-shapes';
import { landmark } from './silhouette';

const FIGURES = (['front', 'back'] as BodyView[]).flatMap((view) =>
  (['interview', 'chart'] as FigureStyle[]).map((style) => bodyFigure(view, style)),
);

/** The points of a path made of M, L and Z only. */
function pointsOf(d: string): Point[] {
  return [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
}

const outline = pointsOf(FIGURES[0]!.paths[0]!.d);

/** Where a horizontal line at y crosses the outline. */
function crossings(y: number): number[] {
  const xs: number[] = [];
  outline.forEach((p, i) => {
    const q = outline[(i + 1) % outline.length]!;
    if (p[1] > y !== q[1] > y) xs.push(p[0] + ((y - p[1]) * (q[0] - p[0])) / (q[1] - p[1]));
  });
  return xs.sort((a, b) => a - b);
}

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}

describe('the four figures', () => {
  it('are front and back, interview and chart, in one 200 × 400 viewBox with one shared outline', () => {
    expect(FIGURES.map((f) => `${f.view}/${f.style}`)).toEqual([
      'front/interview',
      'front/chart',
      'back/interview',
      'back/chart',
    ]);
    for (const figure of FIGURES) {
      expect(figure.viewBox).toBe('0 0 200 400');
      expect(figure.paths[0]).toEqual(FIGURES[0]!.paths[0]);
      expect(figure.paths.filter((p) => p.role === 'outline')).toHaveLength(1);
      expect(figure.paths.filter((p) => p.role === 'detail').length).toBeGreaterThan(3);
    }
    expect(bodyFigure('front', 'chart').paths).not.toEqual(bodyFigure('back', 'chart').paths);
    expect(bodyFigure('front', 'interview').paths).not.toEqual(bodyFigure('front', 'chart').paths);
  });

  it('draw a body symmetric about the midline: left and right match exactly', () => {
    const key = ([x, y]: Point) => `${(200 - x).toFixed(1)} ${y.toFixed(1)}`;
    const asIs = new Set(outline.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`));
    expect(outline.filter((p) => !asIs.has(key(p)))).toEqual([]);
  });

  it('fill the frame head to foot with an adult’s proportions', () => {
    const ys = outline.map((p) => p[1]);
    const xs = outline.map((p) => p[0]);
    const [top, floor] = [Math.min(...ys), Math.max(...ys)];
    expect(top).toBeGreaterThan(4);
    expect(floor).toBeLessThan(396);
    expect(floor - top).toBeGreaterThan(370);
    expect(Math.min(...xs)).toBeGreaterThan(4);
    const heads = (floor - top) / (CUT_POINTS.chin[1] - top);
    expect(heads).toBeGreaterThan(7);
    expect(heads).toBeLessThan(8.5);
  });

  it('has an outline that never crosses itself', () => {
    const crossed: string[] = [];
    for (let i = 0; i < outline.length; i++) {
      for (let j = i + 2; j < outline.length; j++) {
        if (i === 0 && j === outline.length - 1) continue;
        if (segmentsCross(outline[i]!, outline[i + 1]!, outline[j]!, outline[(j + 1) % outline.length]!))
          crossed.push(`${i}/${j}`);
      }
    }
    expect(crossed).toEqual([]);
  });

  it('holds the arms away from the trunk below the armpit, and the feet apart', () => {
    const armpit = landmark('armpit')[1];
    const crotch = landmark('crotch')[1];
    // Two arms and the trunk: six crossings from just below the armpit until the legs part.
    for (let y = armpit + 1; y < crotch; y += 2) expect(crossings(y), `y ${y}`).toHaveLength(6);
    // Below the crotch the legs are apart: four crossings at the ankles and the soles.
    for (const y of [300, 370, 390]) expect(crossings(y)).toHaveLength(4);
  });

  it('draws the inside lines on the body', () => {
    for (const figure of FIGURES) {
      for (const path of figure.paths.filter((p) => p.role === 'detail')) {
        for (const point of pointsOf(path.d)) {
          const onBody = pointInPolygon(outline, point) || distanceToBoundary(outline, point) < 0.5;
          expect(onBody, `${figure.view}/${figure.style} ${point.join(',')}`).toBe(true);
        }
      }
    }
  });
});

describe('regionPath', () => {
  it('draws a region in the figures’ viewBox', () => {
    const sacrum = regionByLabel('仙骨部')!;
    const drawn = pointsOf(regionPath(sacrum)).flat();
    sacrum.polygon
      .map(toViewBox)
      .flat()
      .forEach((value, i) => expect(drawn[i]).toBeCloseTo(value, 6));
    expect(regionPath(sacrum).endsWith('Z')).toBe(true);
  });
});

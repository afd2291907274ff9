import { describe, expect, it } from 'vitest';
import { CHART_HEIGHT, layoutChart, linePath } from './line-chart-layout';
import { chartSummary } from './pain-line-chart';

const pains = [
  { id: 'a', date: '2026-10-01', max: 8, average: 6.5 },
  { id: 'b', date: '2026-10-15', max: 6, average: 5 },
  { id: 'c', date: '2026-11-01', max: 4, average: 3 },
];

describe('pain line chart layout', () => {
  it('puts one step per record across the width and 0..10 up the height, each point labelled', () => {
    const chart = layoutChart(pains, 600);
    expect(chart.points.map((p) => p.x)).toEqual([36, 308, 580]);
    const { top, bottom } = chart.plot;
    expect(chart.points.map((p) => [p.yMax, p.yAverage])).toEqual([
      [bottom - 0.8 * (bottom - top), bottom - 0.65 * (bottom - top)],
      [bottom - 0.6 * (bottom - top), bottom - 0.5 * (bottom - top)],
      [bottom - 0.4 * (bottom - top), bottom - 0.3 * (bottom - top)],
    ]);
    expect(chart.points.every((p) => p.labels !== null)).toBe(true);
    expect(chart.yTicks.map((t) => t.value)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(chart.xLabels.map((l) => [l.text, l.anchor])).toEqual([
      ['2026-10-01', 'start'],
      ['2026-10-15', 'middle'],
      ['2026-11-01', 'end'],
    ]);
    expect(chart.height).toBe(CHART_HEIGHT);
  });

  it('keeps the labels apart when many records share a narrow chart', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: String(i),
      date: `2026-01-${String(i + 1).padStart(2, '0')}`,
      max: 5,
      average: 4,
    }));
    const chart = layoutChart(many, 360);
    expect(chart.points.filter((p) => p.labels).map((p) => p.id)).toEqual(['29']);
    const xs = chart.xLabels.map((l) => l.x);
    expect(xs[0]).toBe(36);
    expect(xs.at(-1)).toBe(340);
    xs.slice(1).forEach((x, i) => expect(x - xs[i]!).toBeGreaterThanOrEqual(88));
  });

  it('centres a single record', () => {
    const chart = layoutChart([pains[0]!], 400);
    expect(chart.points[0]!.x).toBe(chart.plot.left + (chart.plot.right - chart.plot.left) / 2);
    expect(chart.xLabels).toEqual([{ x: chart.points[0]!.x, text: '2026-10-01', anchor: 'middle' }]);
  });

  it('draws a line through the points', () => {
    expect(
      linePath([
        { x: 1, y: 2 },
        { x: 3.25, y: 4 },
      ]),
    ).toBe('M1.0 2.0 L3.3 4.0');
  });

  it('says in words what the chart shows', () => {
    expect(chartSummary(pains)).toBe(
      '痛みの推移のグラフ。2026-10-01から2026-11-01までの3回の記録。最大の痛みは8から4、平均の痛みは6.5から3.0。各回の値は表にあります。',
    );
    expect(chartSummary([pains[0]!])).toBe('痛みの推移のグラフ。2026-10-01の1回の記録。最大の痛み8、平均の痛み6.5。');
  });
});

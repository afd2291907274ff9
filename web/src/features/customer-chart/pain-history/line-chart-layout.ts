import type { RecordPain } from './record-pain';

export const CHART_HEIGHT = 240;
const MARGIN = { top: 24, right: 20, bottom: 36, left: 36 };
/** Below this spacing the value labels would touch, so only the latest point keeps one. */
const MIN_LABEL_GAP = 36;
/** A date label needs about this much room (2026-11-20 at 12 px). */
const DATE_LABEL_WIDTH = 80;

type Anchor = 'start' | 'middle' | 'end';
type Label = { x: number; y: number; anchor: Anchor };
/** A record's two points; the value labels only when there is room (`labels` null otherwise). */
export type ChartPoint = RecordPain & {
  x: number;
  yMax: number;
  yAverage: number;
  labels: { max: Label; average: Label } | null;
};
export type ChartLayout = {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  points: ChartPoint[];
  yTicks: { value: number; y: number }[];
  xLabels: { x: number; text: string; anchor: Anchor }[];
};

/**
 * Where each record's max and average sit on a chart `width` px wide: one step per record in date
 * order (records come at uneven intervals; even steps keep every point and date readable), y 0..10.
 */
export function layoutChart(pains: readonly RecordPain[], width: number): ChartLayout {
  const plot = {
    left: MARGIN.left,
    right: width - MARGIN.right,
    top: MARGIN.top,
    bottom: CHART_HEIGHT - MARGIN.bottom,
  };
  const step = pains.length > 1 ? (plot.right - plot.left) / (pains.length - 1) : 0;
  const xOf = (index: number) => (pains.length > 1 ? plot.left + index * step : (plot.left + plot.right) / 2);
  const yOf = (level: number) => plot.bottom - (level / 10) * (plot.bottom - plot.top);
  const labelAll = pains.length === 1 || step >= MIN_LABEL_GAP;
  const points = pains.map((pain, index) => {
    const [x, yMax, yAverage] = [xOf(index), yOf(pain.max), yOf(pain.average)];
    const labelled = labelAll || index === pains.length - 1;
    return { ...pain, x, yMax, yAverage, labels: labelled ? valueLabels(x, yMax, yAverage, plot.bottom) : null };
  });
  // First and last date always (drawn inwards from their points); those between, centred, as room allows.
  const room = DATE_LABEL_WIDTH + 8;
  const every = Math.max(1, Math.ceil(room / Math.max(step, 1)));
  const last = points.length - 1;
  const clearOfEnds = (i: number) =>
    i * step >= room + DATE_LABEL_WIDTH / 2 && (last - i) * step >= room + DATE_LABEL_WIDTH / 2;
  const anchorOf = (i: number): Anchor => (last === 0 ? 'middle' : i === 0 ? 'start' : i === last ? 'end' : 'middle');
  const xLabels = points.flatMap((p, i) =>
    i === 0 || i === last || (i % every === 0 && clearOfEnds(i)) ? [{ x: p.x, text: p.date, anchor: anchorOf(i) }] : [],
  );
  const yTicks = [0, 2, 4, 6, 8, 10].map((value) => ({ value, y: yOf(value) }));
  return { width, height: CHART_HEIGHT, plot, points, yTicks, xLabels };
}

/**
 * The max's value above its point; the average's above its own, or below it when the two points are
 * too close for both, or beside it when below would run into the dates.
 */
function valueLabels(x: number, yMax: number, yAverage: number, bottom: number): { max: Label; average: Label } {
  const max: Label = { x, y: yMax - 9, anchor: 'middle' };
  if (yAverage - yMax >= 28) return { max, average: { x, y: yAverage - 9, anchor: 'middle' } };
  if (yAverage + 20 <= bottom) return { max, average: { x, y: yAverage + 20, anchor: 'middle' } };
  return { max, average: { x: x + 8, y: yAverage - 4, anchor: 'start' } };
}

/** An SVG path through the points. */
export function linePath(points: readonly { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
}

export const formatAverage = (value: number) => value.toFixed(1);

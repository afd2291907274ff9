/**
 * The four body figures as data: a web component draws these paths in the viewBox, stroking the
 * outline over a fill and the details thinner. All four share one outline, which is what makes a
 * marker's position mean the same place on each.
 */
import { VIEWBOX, toViewBox, type BodyView, type FigureStyle } from './frame';
import {
  BACK_CHART_DETAILS,
  BACK_INTERVIEW_DETAILS,
  FRONT_CHART_DETAILS,
  FRONT_INTERVIEW_DETAILS,
} from './figure-details';
import { polylinePath } from './path';
import type { BodyRegion } from './regions';
import { OUTLINE } from './silhouette';

export type FigurePath = { role: 'outline' | 'detail'; d: string };
export type BodyFigure = { view: BodyView; style: FigureStyle; viewBox: string; paths: readonly FigurePath[] };

const OUTLINE_PATH = polylinePath(OUTLINE, true);

function details(view: BodyView, style: FigureStyle): readonly string[] {
  switch (style) {
    case 'interview':
      return view === 'front' ? FRONT_INTERVIEW_DETAILS : BACK_INTERVIEW_DETAILS;
    case 'chart':
      return view === 'front' ? FRONT_CHART_DETAILS : BACK_CHART_DETAILS;
  }
}

export function bodyFigure(view: BodyView, style: FigureStyle): BodyFigure {
  return {
    view,
    style,
    viewBox: VIEWBOX,
    paths: [{ role: 'outline', d: OUTLINE_PATH }, ...details(view, style).map((d) => ({ role: 'detail' as const, d }))],
  };
}

/** A region's outline as a path in the figures' viewBox, for a heat map or a highlighted area. */
export function regionPath(region: BodyRegion): string {
  return polylinePath(region.polygon.map(toViewBox), true);
}

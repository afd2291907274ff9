import { bodyFigure, type BodyView, type FigureStyle } from '@clinic/sync-protocol/body';
import { memo } from 'react';

/**
 * The drawn body, behind markers or heat. Decorative: the map around it carries the name. Strokes keep
 * their width in screen px whatever size the figure is drawn (non-scaling-stroke).
 */
export const FigurePaths = memo(function FigurePaths({
  view,
  figureStyle,
}: {
  view: BodyView;
  figureStyle: FigureStyle;
}) {
  const figure = bodyFigure(view, figureStyle);
  return (
    <g className={`body-map-figure body-map-figure-${figureStyle}`} aria-hidden="true">
      {figure.paths.map((path, i) => (
        <path key={i} className={`body-map-${path.role}`} d={path.d} vectorEffect="non-scaling-stroke" />
      ))}
    </g>
  );
});

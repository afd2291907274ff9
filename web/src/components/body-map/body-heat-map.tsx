import {
  VIEWBOX,
  VIEWBOX_WIDTH,
  middleRegionsOfView,
  regionCentre,
  regionPath,
  regionsOfView,
  toViewBox,
  type BodyView,
  type FigureStyle,
} from '@clinic/sync-protocol/body';
import { useMemo } from 'react';
import { useElementWidth } from '../virtual-table/use-element-width';
import { FigurePaths } from './figure';
import { HeatLegend } from './heat-legend';
import { formatLevel, heatColour } from './heat-scale';
import { heatSummary } from './heat-summary';
import { FALLBACK_WIDTH_PX } from './marker-size';
import type { RegionHeat } from './types';
import './body-map.css';

type Props = {
  view: BodyView;
  figureStyle: FigureStyle;
  heat: readonly RegionHeat[];
  /** Region ids outlined thick: the chronic areas. */
  highlight?: readonly string[];
  label: string;
  className?: string;
};

const VALUE_FONT_PX = 12;

/**
 * Regions shaded by intensity 0..10 (the heat of past markers), the level printed on each so colour
 * is not the only cue; highlighted regions (chronic areas) outlined thick. One image with its content
 * in its name.
 */
export function BodyHeatMap({ view, figureStyle, heat, highlight = [], label, className }: Props) {
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const unitsPerPx = VIEWBOX_WIDTH / (width > 0 ? width : FALLBACK_WIDTH_PX);
  const levels = useMemo(() => new Map(heat.map((h) => [h.region, h.level])), [heat]);
  // Middle regions first: a spot on the midline shades both halves, and a half's own heat paints over it.
  const regions = [...middleRegionsOfView(view), ...regionsOfView(view)];
  const hot = regions.flatMap((region) => {
    const colour = heatColour(levels.get(region.id) ?? 0);
    return colour ? [{ region, colour, level: levels.get(region.id)! }] : [];
  });
  const outlined = regions.filter((region) => highlight.includes(region.id));
  const summary = heatSummary(label, view, heat, highlight);

  return (
    <div className={['body-map', className].filter(Boolean).join(' ')}>
      <div ref={measure} className="body-map-frame">
        <svg className="body-map-svg" viewBox={VIEWBOX} role="img" aria-label={summary}>
          <FigurePaths view={view} figureStyle={figureStyle} />
          <g aria-hidden="true">
            {hot.map(({ region, colour }) => (
              <path
                key={region.id}
                className="body-map-heat-region"
                data-region={region.id}
                d={regionPath(region)}
                fill={colour}
                fillOpacity={0.85}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {outlined.map((region) => (
              <path
                key={region.id}
                className="body-map-heat-highlight"
                data-highlight={region.id}
                d={regionPath(region)}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {hot.map(({ region, level }) => {
              const [x, y] = toViewBox(regionCentre(region));
              return (
                <text
                  key={region.id}
                  className="body-map-heat-value"
                  x={x}
                  y={y}
                  textAnchor="middle"
                  dominantBaseline="central"
                  fontSize={VALUE_FONT_PX * unitsPerPx}
                  strokeWidth={3 * unitsPerPx}
                >
                  {formatLevel(level)}
                </text>
              );
            })}
          </g>
        </svg>
      </div>
      <HeatLegend chronic={outlined.length > 0} />
    </div>
  );
}

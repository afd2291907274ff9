import { VIEWBOX, bodyPartLabel, regionAt, type BodyView, type FigureStyle } from '@clinic/sync-protocol/body';
import { useId, useMemo, type MouseEvent } from 'react';
import { jaBodyMap as t } from '../../i18n/ja-body-map';
import { useElementWidth } from '../virtual-table/use-element-width';
import { FigurePaths } from './figure';
import { MapMarkerView, MarkerLeaders } from './map-marker';
import { markerName } from './marker-name';
import { markerSize } from './marker-size';
import { pointToPercent } from './point-to-percent';
import { spreadMarkers } from './spread-markers';
import type { MapMarker, MapPoint } from './types';
import './body-map.css';

type Props = {
  view: BodyView;
  figureStyle: FigureStyle;
  markers: readonly MapMarker[];
  readOnly?: boolean;
  onAdd?: (p: MapPoint) => void;
  onSelect?: (id: string) => void;
  /** The map's accessible name, e.g. 人体図（前面）. */
  label: string;
  className?: string;
};

/**
 * A body figure with numbered markers coloured by pain. Tapping the body calls onAdd (never outside
 * it, never when read-only); tapping a marker calls onSelect. Markers close together are drawn apart,
 * each with a line to its spot, so none hides another.
 */
export function BodyMap({ view, figureStyle, markers, readOnly = false, onAdd, onSelect, label, className }: Props) {
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const instructionId = useId();
  const adding = !readOnly && onAdd !== undefined;
  const size = markerSize(width, onSelect !== undefined);
  const shown = useMemo(() => markers.filter((marker) => marker.view === view), [markers, view]);
  const placed = useMemo(
    () => spreadMarkers(shown, size.minDistance, size.radius + size.lineWidth * 2),
    [shown, size.minDistance, size.radius, size.lineWidth],
  );

  // Kept light: the caller opens its dialog straight from here (a polygon lookup, no layout but one rect).
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (!adding) return;
    const point = pointToPercent(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
    const region = point && regionAt(view, point.x, point.y);
    if (!point || !region) return;
    onAdd({ view, x: point.x, y: point.y, region: region.id, bodyPart: bodyPartLabel(view, point.x, point.y) });
  };

  return (
    <div className={['body-map', className].filter(Boolean).join(' ')}>
      {adding && (
        <p id={instructionId} className="body-map-instruction">
          {t.instruction}
        </p>
      )}
      <div ref={measure} className="body-map-frame">
        <svg
          className={adding ? 'body-map-svg body-map-svg-adding' : 'body-map-svg'}
          viewBox={VIEWBOX}
          role="group"
          aria-label={label}
          aria-describedby={adding ? instructionId : undefined}
          onClick={adding ? onClick : undefined}
        >
          <FigurePaths view={view} figureStyle={figureStyle} />
          <MarkerLeaders placed={placed} size={size} />
          {placed.map((p) => (
            <MapMarkerView key={p.marker.id} placed={p} size={size} name={markerName(p.marker)} onSelect={onSelect} />
          ))}
        </svg>
      </div>
    </div>
  );
}

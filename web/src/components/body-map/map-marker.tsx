import { markerColour } from '@clinic/sync-protocol/body';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { MarkerSize } from './marker-size';
import type { Placed } from './spread-markers';
import type { MapMarker } from './types';

type Props = { placed: Placed<MapMarker>; size: MarkerSize; name: string; onSelect?: (id: string) => void };

/** A healed (消失) spot: hollow and grey, its number struck through. */
const RESOLVED = { fill: '#ffffff', text: '#4b5563', stroke: '#4b5563' };

/**
 * One numbered marker: a circle in its pain band's colour, with a transparent circle round it a
 * finger's width across that takes the tap.
 */
export function MapMarkerView({ placed, size, name, onSelect }: Props) {
  const { marker, at } = placed;
  const colour = marker.resolved ? RESOLVED : { ...markerColour(marker.painLevel), stroke: '#1f2937' };
  const select = onSelect && (() => onSelect(marker.id));
  // The figure underneath adds a marker on click: a tap on a marker is the marker's alone.
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    select?.();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    event.stopPropagation();
    select?.();
  };
  const [x, y] = at;
  const strike = size.radius * 0.55;
  return (
    <g
      className={select ? 'body-map-marker body-map-marker-button' : 'body-map-marker'}
      data-marker-id={marker.id}
      role={select ? 'button' : 'img'}
      tabIndex={select ? 0 : undefined}
      aria-label={name}
      onClick={select ? onClick : undefined}
      onKeyDown={select ? onKeyDown : undefined}
      transform={`translate(${x} ${y})`}
    >
      {select && <circle className="body-map-hit" r={size.hitRadius} fill="transparent" pointerEvents="all" />}
      <circle
        className="body-map-focus"
        r={size.radius + size.lineWidth * 3.5}
        fill="none"
        strokeWidth={size.lineWidth * 2.5}
      />
      <circle r={size.radius} fill={colour.fill} stroke={colour.stroke} strokeWidth={size.lineWidth * 1.5} />
      <text
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={size.font}
        fontWeight={700}
        fill={colour.text}
        aria-hidden="true"
      >
        {marker.number}
      </text>
      {marker.resolved && (
        <line
          x1={-strike}
          y1={strike * 0.6}
          x2={strike}
          y2={-strike * 0.6}
          stroke={colour.text}
          strokeWidth={size.lineWidth * 1.5}
          aria-hidden="true"
        />
      )}
    </g>
  );
}

/** Lines from markers drawn away from their spots back to them, under every marker. */
export function MarkerLeaders({ placed, size }: { placed: readonly Placed<MapMarker>[]; size: MarkerSize }) {
  return (
    <g className="body-map-leaders" aria-hidden="true">
      {placed
        .filter((p) => p.offset)
        .map(({ marker, at, anchor }) => (
          <g key={marker.id} data-leader-for={marker.id}>
            <line x1={anchor[0]} y1={anchor[1]} x2={at[0]} y2={at[1]} stroke="#1f2937" strokeWidth={size.lineWidth} />
            <circle cx={anchor[0]} cy={anchor[1]} r={size.lineWidth * 3} fill="#1f2937" />
          </g>
        ))}
    </g>
  );
}

/**
 * The body map shared by the diagnosis screens and the customer's chart. It only draws what it is
 * given (no data loading). Size: it fills its container's width, at most --body-map-max-height tall
 * (min(60vh, 600px) unless the caller's className sets it), keeping the figure's 1:2 shape.
 */
export type { MapMarker, MapPoint, RegionHeat } from './types';
export { BodyMap } from './body-map';
export { BodyHeatMap } from './body-heat-map';
export { ViewToggle, FigureStyleToggle } from './toggles';
export { regionPlace, storedPlace } from './place-name';
export { spotPlace } from './marker-name';
export { highPainPlaces } from './high-pain';

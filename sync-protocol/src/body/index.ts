// The body figures, regions and pain rules. A subpath of its own (`@clinic/sync-protocol/body`), kept
// out of the package index so the figures load only with the screens that draw them.
export * from './frame';
export * from './figures';
export * from './regions';
export * from './lookup';
export * from './pain-rules';
export * from './chronic-areas';

export * from './app-settings';
export * from './device-name';
export * from './device-name-header';

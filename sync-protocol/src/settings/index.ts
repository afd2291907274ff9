export * from './app-settings';
export * from './device-name';

export * from './seal';
export * from './payload';

// The zod-free rules: pages that must load fast (the login screen) import these alone.
export * from './user';
export * from './login';
export * from './text';
export * from './diff';
export * from './normalize';
export * from './age';
export * from './wareki';
export * from './price';
export * from './calendar-date';
export * from './gender';
export * from './japan-time';
export * from './csv';
export * from './appointment-time';

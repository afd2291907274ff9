export * from './capped';
export * from './device-logs';
export * from './operation-logs';
export * from './audit-log';
export * from './device-log-views';
export * from './operation-log-views';
export * from './audit-log-views';
export * from './audit-words';

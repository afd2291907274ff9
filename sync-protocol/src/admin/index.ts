export * from './capped';
export * from './device-logs';
export * from './operation-logs';
export * from './audit-log';

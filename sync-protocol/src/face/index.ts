export * from './face-result';
export * from './face-image';

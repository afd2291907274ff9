export * from './face-result';

export * from './media-rules';

export { MediaThumb } from './media-thumb';
export { UploadChip } from './upload-chip';
export { formatBytes, formatDuration } from './format';

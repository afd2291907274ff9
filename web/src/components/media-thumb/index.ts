export { MediaThumb } from './media-thumb';
export { UploadChip } from './upload-chip';
export { formatBytes, formatCapturedAt, formatDuration } from './format';

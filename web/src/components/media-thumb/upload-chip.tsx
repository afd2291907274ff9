import { Progress } from 'antd';
import { StatusTag } from '../status-tag';
import type { LocalMedia } from '../../data/clinic-db';
import { jaMedia } from '../../i18n/ja-media';
import { useUploadState } from '../../media/upload-progress';
import { formatBytes } from './format';

const t = jaMedia;

/** Where a capture's upload stands, with the bytes while it moves and the reason when refused. */
export function UploadChip({ media }: { media: LocalMedia }) {
  const upload = useUploadState(media);
  const percent = upload.totalBytes ? Math.floor((upload.sentBytes / upload.totalBytes) * 100) : 0;
  if (upload.state === 'uploaded') return <StatusTag tone="ok">{t.states.uploaded}</StatusTag>;
  if (upload.state === 'failed') {
    return (
      <span className="media-upload-failed">
        <StatusTag tone="error">{t.states.failed}</StatusTag>
        <span className="media-upload-reason">
          {media.kind === 'video' ? t.uploadFailed : t.photoUploadFailed}
          {upload.error ? `：${upload.error}` : ''}
        </span>
      </span>
    );
  }
  if (upload.state === 'uploading') {
    return (
      <span className="media-upload-progress">
        <StatusTag tone="info">{t.states.uploading(percent)}</StatusTag>
        <Progress percent={percent} size="small" showInfo={false} aria-label={t.states.uploading(percent)} />
        <span className="media-upload-bytes">
          {t.bytes(formatBytes(upload.sentBytes), formatBytes(upload.totalBytes))}
        </span>
      </span>
    );
  }
  return <StatusTag tone="neutral">{t.states.waiting}</StatusTag>;
}

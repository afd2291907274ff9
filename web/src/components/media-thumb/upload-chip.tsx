import { Progress, Tag } from 'antd';
import type { LocalMedia } from '../../db/clinic-db';
import { ja } from '../../i18n/ja';
import { useUploadState } from '../../sync/media/upload-progress';
import { formatBytes } from './format';

const t = ja.media;

/** Where a capture's upload stands, with the bytes while it moves and the reason when refused. */
export function UploadChip({ media }: { media: LocalMedia }) {
  const upload = useUploadState(media);
  const percent = upload.totalBytes ? Math.floor((upload.sentBytes / upload.totalBytes) * 100) : 0;
  if (upload.state === 'uploaded') return <Tag color="success">{t.states.uploaded}</Tag>;
  if (upload.state === 'failed') {
    return (
      <span className="media-upload-failed">
        <Tag color="error">{t.states.failed}</Tag>
        <span className="media-upload-reason">{upload.error ?? t.uploadFailed}</span>
      </span>
    );
  }
  if (upload.state === 'uploading') {
    return (
      <span className="media-upload-progress">
        <Tag color="processing">{t.states.uploading(percent)}</Tag>
        <Progress percent={percent} size="small" showInfo={false} aria-label={t.states.uploading(percent)} />
        <span className="media-upload-bytes">{t.bytes(formatBytes(upload.sentBytes), formatBytes(upload.totalBytes))}</span>
      </span>
    );
  }
  return <Tag>{t.states.waiting}</Tag>;
}

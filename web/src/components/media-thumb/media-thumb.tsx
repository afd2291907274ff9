import { japanDateTime } from '@clinic/sync-protocol/rules';
import { Tag } from 'antd';
import type { LocalMedia } from '../../data/clinic-db';
import { jaMedia } from '../../i18n/ja-media';
import { formatDuration } from './format';
import { UploadChip } from './upload-chip';
import { useThumbnail } from './use-thumbnail';
import './media-thumb.css';

const t = jaMedia;

/** One photo or video in a list: its picture, kind, time, length and upload state. */
export function MediaThumb({ media }: { media: LocalMedia }) {
  const url = useThumbnail(media);
  const kind = t.kinds[media.kind];
  const at = japanDateTime(media.capturedAt);
  return (
    <div className="media-thumb">
      {url ? (
        <img className="media-thumb-image" src={url} alt={t.thumbnailAlt(kind, at)} />
      ) : (
        <div className="media-thumb-image media-thumb-placeholder" role="img" aria-label={t.thumbnailAlt(kind, at)}>
          {media.kind === 'video' ? '▶' : '◻'}
        </div>
      )}
      <div className="media-thumb-facts">
        <span className="media-thumb-line">
          <Tag color={media.kind === 'video' ? 'purple' : 'blue'}>{kind}</Tag>
          <span>{at}</span>
          {media.duration !== null && <span aria-label={t.duration}>{formatDuration(media.duration)}</span>}
        </span>
        <UploadChip media={media} />
      </div>
    </div>
  );
}

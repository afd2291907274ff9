import { mediaFileName } from '@clinic/sync-protocol/media';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { MediaThumb } from '../../components/media-thumb';
import type { LocalMedia } from '../../data/clinic-db';
import { jaCamera } from '../../i18n/ja-camera';
import { jaMedia } from '../../i18n/ja-media';
import { recordMediaDownload } from '../../audit-events';
import { downloadMedia } from '../../media/media-file';
import { useDeviceCaptures } from '../../data/live/media';
import { PreviewDialog } from './preview-dialog';

const t = jaCamera.history;

/** This device's captures, newest first, each with its upload state, ダウンロード and プレビュー. */
export function CaptureHistory({ onError }: { onError: (message: string) => void }) {
  const { data: rows = [] } = useDeviceCaptures();
  const [shown, setShown] = useState<LocalMedia | null>(null);
  const download = (media: LocalMedia) =>
    downloadMedia(media.id)
      .then(() => recordMediaDownload(media.id))
      .catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
  return (
    <section className="camera-history" aria-labelledby="camera-history-title">
      <h2 id="camera-history-title" className="camera-section-title">
        {t.title}
      </h2>
      {rows.length === 0 ? (
        <EmptyState description={t.empty} />
      ) : (
        <ul className="camera-history-list" aria-label={t.title}>
          {rows.map((media) => {
            const name = mediaFileName(media.kind, media.mime, media.capturedAt);
            return (
              <li key={media.id} className="camera-history-item">
                <MediaThumb media={media} />
                <span className="camera-history-actions">
                  <Button
                    size="large"
                    icon={<EyeOutlined />}
                    aria-label={t.preview(name)}
                    onClick={() => setShown(media)}
                  >
                    {jaMedia.preview}
                  </Button>
                  <Button
                    size="large"
                    icon={<DownloadOutlined />}
                    aria-label={t.download(name)}
                    onClick={() => void download(media)}
                  >
                    {jaMedia.download}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <PreviewDialog media={shown} onClose={() => setShown(null)} />
    </section>
  );
}

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
import { usePatientName } from '../../components/current-patient';
import { useCustomerMedia } from '../../data/live/media';
import { jaSession } from '../../i18n/ja-session';
import { PreviewDialog } from './preview-dialog';

const t = jaCamera.history;

/** How many of the patient's captures the history lists (the chart shows them all). */
const SHOWN = 20;

/**
 * The current patient's latest captures, newest first, each with the patient's name, its upload state,
 * ダウンロード and プレビュー. With no patient chosen it shows no one's pictures (a shared tablet).
 */
export function CaptureHistory({
  customerId,
  onError,
}: {
  customerId: string | null;
  onError: (message: string) => void;
}) {
  const rows = (useCustomerMedia(customerId).data ?? []).slice(0, SHOWN);
  const patientName = usePatientName(customerId);
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
      {customerId === null ? (
        <EmptyState description={jaSession.history.choosePatient} />
      ) : rows.length === 0 ? (
        <EmptyState description={t.empty} />
      ) : (
        <ul className="camera-history-list" aria-label={t.title}>
          {rows.map((media) => {
            const name = mediaFileName(media.kind, media.mime, media.capturedAt);
            return (
              <li key={media.id} className="camera-history-item">
                <span className="camera-history-who">
                  <strong className="camera-history-name">{patientName}</strong>
                  <MediaThumb media={media} />
                </span>
                <span className="camera-history-actions">
                  <Button
                    size="large"
                    icon={<EyeOutlined aria-hidden />}
                    aria-label={t.preview(name)}
                    onClick={() => setShown(media)}
                  >
                    {jaMedia.preview}
                  </Button>
                  <Button
                    size="large"
                    icon={<DownloadOutlined aria-hidden />}
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

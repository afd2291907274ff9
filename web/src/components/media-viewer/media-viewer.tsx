import { japanDateTime } from '@clinic/sync-protocol/rules';
import { Alert, Button, Modal, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import type { LocalMedia } from '../../data/clinic-db';
import { jaMedia } from '../../i18n/ja-media';
import { recordMediaDownload } from '../../audit-events';
import { downloadMedia } from '../../media/media-file';
import { useOpenedFile } from './use-opened-file';
import './media-viewer.css';

const t = jaMedia;

type Props = {
  media: LocalMedia | null;
  onClose: () => void;
  /** What a screen adds below the picture (the camera's quality score). */
  children?: ReactNode;
};

/** A photo or video, shown or played, with ダウンロード; opened from the device or streamed from the server. */
export function MediaViewer({ media, onClose, children }: Props) {
  const opened = useOpenedFile(media?.id ?? null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const title = media ? t.thumbnailAlt(t.kinds[media.kind], japanDateTime(media.capturedAt)) : '';
  const download = () => {
    if (!media) return;
    setDownloadError(null);
    downloadMedia(media.id)
      .then(() => recordMediaDownload(media.id))
      .catch((error: unknown) => setDownloadError(error instanceof Error ? error.message : t.downloadFailed('')));
  };
  return (
    <Modal
      open={media !== null}
      title={title}
      onCancel={() => {
        setDownloadError(null);
        onClose();
      }}
      destroyOnHidden
      width={720}
      footer={[
        <Button key="download" size="large" onClick={download}>
          {t.download}
        </Button>,
        <Button key="close" size="large" type="primary" onClick={onClose}>
          {t.close}
        </Button>,
      ]}
    >
      <div className="media-viewer-stage">
        {opened.error && <Alert type="warning" showIcon title={opened.error} />}
        {!opened.error && !opened.url && <Spin />}
        {opened.url && media?.kind === 'photo' && <img className="media-viewer-media" src={opened.url} alt={title} />}
        {/* Muted, so no captions are owed (jsx-a11y media-has-caption): the camera records without sound (spec
            "no audio"), and an imported file's sound, if any, waits for the player's own unmute button rather
            than playing a patient's recording aloud at the reception. */}
        {opened.url && media?.kind === 'video' && (
          <video className="media-viewer-media" src={opened.url} controls muted playsInline aria-label={title} />
        )}
      </div>
      {downloadError && <Alert type="error" showIcon title={downloadError} />}
      {children}
    </Modal>
  );
}

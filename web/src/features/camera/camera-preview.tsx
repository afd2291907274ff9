import { type RefObject, useEffect } from 'react';
import { formatDuration } from '../../components/media-thumb';
import { jaCamera } from '../../i18n/ja-camera';

const t = jaCamera;

type Props = { stream: MediaStream | null; video: RefObject<HTMLVideoElement | null>; recording: boolean; elapsed: number };

/** The camera's live picture, with 録画中 and the time while recording. */
export function CameraPreview({ stream, video, recording, elapsed }: Props) {
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  }, [stream, video]);
  return (
    <div className="camera-preview">
      <video ref={video} className="camera-video" muted playsInline autoPlay aria-label={t.preview} />
      {recording && (
        <div className="camera-recording" role="status">
          <span className="camera-recording-dot" aria-hidden="true" />
          <span>{t.recording}</span>
          <span aria-label={t.elapsed}>{formatDuration(elapsed)}</span>
        </div>
      )}
    </div>
  );
}

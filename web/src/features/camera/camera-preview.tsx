import { type RefObject, useEffect } from 'react';
import { formatDuration } from '../../components/media-thumb';
import { jaCamera } from '../../i18n/ja-camera';

const t = jaCamera;

type Props = {
  stream: MediaStream | null;
  video: RefObject<HTMLVideoElement | null>;
  recording: boolean;
  elapsed: number;
  /** Said over the player when it shows no picture (the external camera), so it is never just black. */
  notice?: string | null;
};

/** Shows `stream` in the player (a DOM property React has no prop for), playing as soon as it can. */
function playInto(element: HTMLVideoElement, stream: MediaStream | null): void {
  element.srcObject = stream;
  if (stream) void element.play().catch(() => undefined);
}

/** The camera's live picture, with 録画中 and the time while recording, or why there is none. */
export function CameraPreview({ stream, video, recording, elapsed, notice }: Props) {
  useEffect(() => {
    if (video.current) playInto(video.current, stream);
  }, [stream, video]);
  return (
    <div className="camera-preview">
      <video ref={video} className="camera-video" muted playsInline autoPlay aria-label={t.preview} />
      {notice && (
        <p className="camera-preview-notice" role="status">
          {notice}
        </p>
      )}
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

import { CameraOutlined, CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { jaFace } from '../../i18n/ja-face';

const t = jaFace;

/** The live picture of the screen's camera with 撮影 and キャンセル. */
export function InPageCamera({
  stream,
  onCapture,
  onCancel,
}: {
  stream: MediaStream;
  onCapture: (video: HTMLVideoElement) => void;
  onCancel: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  return (
    <div className="face-camera">
      <video ref={video} className="face-camera-video" autoPlay muted playsInline aria-label={t.cameraView} />
      <div className="face-buttons">
        <Button
          size="large"
          type="primary"
          icon={<CameraOutlined aria-hidden />}
          onClick={() => video.current && onCapture(video.current)}
        >
          {t.capture}
        </Button>
        <Button size="large" icon={<CloseOutlined aria-hidden />} onClick={onCancel}>
          {t.cancel}
        </Button>
      </div>
    </div>
  );
}

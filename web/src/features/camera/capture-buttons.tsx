import { CameraOutlined, StopOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ChangeEvent, useId, useRef } from 'react';
import { jaCamera } from '../../i18n/ja-camera';

const t = jaCamera;

type Props = {
  canPhoto: boolean;
  canRecord: boolean;
  canImport: boolean;
  recording: boolean;
  onPhoto: () => void;
  onRecord: () => void;
  onImport: (file: File) => void;
};

/** 写真撮影, 録画開始 / 録画停止 and ファイルから取り込む, each as large as a finger wants. */
export function CaptureButtons({ canPhoto, canRecord, canImport, recording, onPhoto, onRecord, onImport }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onImport(file);
  };
  return (
    <div className="camera-buttons">
      <Button size="large" icon={<CameraOutlined aria-hidden />} disabled={!canPhoto} onClick={onPhoto}>
        {t.photo}
      </Button>
      <Button
        size="large"
        type="primary"
        danger={recording}
        icon={recording ? <StopOutlined aria-hidden /> : <VideoCameraOutlined aria-hidden />}
        disabled={!canRecord}
        onClick={onRecord}
      >
        {recording ? t.stopRecording : t.startRecording}
      </Button>
      <Button
        size="large"
        icon={<UploadOutlined aria-hidden />}
        disabled={!canImport}
        onClick={() => input.current?.click()}
        title={t.importHelp}
      >
        {t.importFile}
      </Button>
      <input
        id={inputId}
        ref={input}
        className="camera-file-input"
        type="file"
        accept="image/jpeg,image/png,video/webm,video/mp4"
        aria-label={t.importFile}
        disabled={!canImport}
        onChange={picked}
      />
    </div>
  );
}

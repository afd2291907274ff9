import { ReloadOutlined } from '@ant-design/icons';
import type { CameraSource } from '@clinic/sync-protocol/settings';
import { Button } from 'antd';
import type { CameraStatus } from '../../api/camera-probe';
import { Segmented } from '../../components/segmented';
import { StatusTag, type StatusTone } from '../../components/status-tag';
import { jaCamera } from '../../i18n/ja-camera';

const t = jaCamera.source;
const TONES: Record<CameraStatus, StatusTone> = { checking: 'neutral', online: 'ok', offline: 'neutral' };

type Props = {
  source: CameraSource;
  status: CameraStatus;
  onSource: (source: CameraSource) => void;
  onRefresh: () => void;
};

/** Which camera (spec 2): this device's or the single-board one, its state, and a re-check. */
export function SourceBar({ source, status, onSource, onRefresh }: Props) {
  return (
    <div className="camera-source">
      <Segmented<CameraSource>
        aria-label={t.label}
        size="large"
        value={source}
        onChange={onSource}
        options={[
          { value: 'current-device', label: t.current },
          { value: 'raspberry-pi', label: t.external },
        ]}
      />
      <span role="status" className="camera-status">
        <StatusTag tone={TONES[status]}>{t.status[status]}</StatusTag>
      </span>
      <Button
        size="large"
        icon={<ReloadOutlined aria-hidden />}
        aria-label={t.refresh}
        title={t.refresh}
        onClick={onRefresh}
      />
    </div>
  );
}

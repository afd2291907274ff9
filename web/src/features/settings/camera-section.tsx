import { ReloadOutlined } from '@ant-design/icons';
import type { AppSettings, CameraSource } from '@clinic/sync-protocol/settings';
import { Alert, Button, Descriptions, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { type CameraStatus, probeCamera } from '../../api/camera-probe';
import { Segmented } from '../../components/segmented';
import { StatusTag, type StatusTone } from '../../components/status-tag';
import { jaSettings } from '../../i18n/ja-settings';
import { useCameras } from './use-cameras';

const t = jaSettings.camera;
const TONES: Record<CameraStatus, StatusTone> = { checking: 'neutral', online: 'ok', offline: 'neutral' };
const FRONT = '';

type Props = { settings: AppSettings; onChange: (patch: Partial<AppSettings>) => void };

/** Which camera the camera screen uses: this device's (which one, and what it gives) or the single-board one. */
export function CameraSection({ settings, onChange }: Props) {
  return (
    <section className="settings-section" aria-labelledby="settings-camera">
      <h2 id="settings-camera">{t.title}</h2>
      <Form layout="vertical" component="div">
        <Form.Item label={<span id="settings-camera-source">{t.source}</span>}>
          <Segmented<CameraSource>
            aria-labelledby="settings-camera-source"
            size="large"
            value={settings.cameraDevice}
            onChange={(cameraDevice) => onChange({ cameraDevice })}
            options={[
              { value: 'current-device', label: t.current },
              { value: 'raspberry-pi', label: t.external },
            ]}
          />
        </Form.Item>
        {settings.cameraDevice === 'current-device' ? (
          <DeviceCamera settings={settings} onChange={onChange} />
        ) : (
          <ExternalCamera settings={settings} onChange={onChange} />
        )}
      </Form>
    </section>
  );
}

function DeviceCamera({ settings, onChange }: Props) {
  const { cameras, info, problem, check } = useCameras(settings.cameraDeviceId);
  const named = cameras?.some((c) => c.label) ?? false;
  const options = [
    { value: FRONT, label: t.frontCamera },
    ...(cameras ?? []).map((c, i) => ({ value: c.deviceId, label: c.label || t.unnamed(i + 1) })),
  ];
  return (
    <>
      <Form.Item label={t.device} htmlFor="settings-camera-device" extra={named ? undefined : t.askNamesHelp}>
        <Select
          id="settings-camera-device"
          size="large"
          value={settings.cameraDeviceId ?? FRONT}
          options={options}
          onChange={(value: string) => onChange({ cameraDeviceId: value === FRONT ? null : value })}
          style={{ width: '100%' }}
        />
      </Form.Item>
      {cameras?.length === 0 && <Alert type="warning" showIcon title={t.noCamera} />}
      {problem === 'denied' && <Alert type="error" showIcon title={t.denied} />}
      <Button size="large" onClick={() => void check()}>
        {named ? t.checkInfo : t.askNames}
      </Button>
      {info && (
        <Descriptions className="settings-camera-info" title={t.info} column={1} bordered size="small">
          <Descriptions.Item label={t.resolution}>
            {info.width && info.height ? `${info.width} × ${info.height}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t.frameRate}>{info.frameRate ? t.fps(info.frameRate) : '—'}</Descriptions.Item>
        </Descriptions>
      )}
    </>
  );
}

function ExternalCamera({ settings, onChange }: Props) {
  const [round, setRound] = useState(0);
  const url = settings.cameraUrl;
  // The question asked now; until its answer comes, the status is 確認中 ('checking').
  const request = JSON.stringify([url, round]);
  const [answer, setAnswer] = useState<{ request: string; status: CameraStatus } | null>(null);
  useEffect(() => {
    let current = true;
    void probeCamera(url).then((status) => current && setAnswer({ request, status }));
    return () => {
      current = false;
    };
  }, [url, request]);
  const status = answer?.request === request ? answer.status : 'checking';
  return (
    <Form.Item label={t.url} htmlFor="settings-camera-url" extra={t.urlHelp}>
      <div className="settings-camera-url">
        <Input
          id="settings-camera-url"
          size="large"
          inputMode="url"
          value={url}
          placeholder={t.urlPlaceholder}
          onChange={(e) => onChange({ cameraUrl: e.target.value })}
        />
        <span role="status">
          <StatusTag tone={TONES[status]}>{t.status[status]}</StatusTag>
        </span>
        <Button
          size="large"
          icon={<ReloadOutlined aria-hidden />}
          aria-label={t.refresh}
          title={t.refresh}
          onClick={() => setRound((n) => n + 1)}
        />
      </div>
    </Form.Item>
  );
}

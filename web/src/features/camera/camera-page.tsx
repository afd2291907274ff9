import type { CameraSource } from '@clinic/sync-protocol/settings';
import { Alert, Form } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CurrentPatientPicker, useCurrentPatient, useHandoff } from '../../components/current-patient';
import { VisitPicker } from '../../components/visit-picker';
import { useToast } from '../../components/toast';
import { warmFaceEngine } from '../../face';
import { ja } from '../../i18n/ja';
import { jaCamera } from '../../i18n/ja-camera';
import { localDb } from '../../data/local-db';
import { useCustomerVisits } from '../../data';
import { useAppSettings } from '../../data/app-settings';
import { useSyncStatus } from '../../sync';
import { CameraPreview } from './camera-preview';
import { CaptureButtons } from './capture-buttons';
import { CaptureHistory } from './capture-history';
import { recoverRecordings } from './recording-store';
import { SourceBar } from './source-bar';
import { useCameraStream } from './use-camera-stream';
import { useCaptures } from './use-captures';
import { useExternalCamera } from './use-external-camera';
import './camera.css';

const t = jaCamera;

/**
 * 動画撮影 (spec 2, 4): choose the patient (and the visit), take photos and videos with this device's
 * camera, or take in a file. Each capture is kept on the device at once and sent when online.
 */
export default function CameraPage() {
  const { settings, loaded } = useAppSettings();
  const toast = useToast();
  const [source, setSource] = useState<CameraSource | null>(null);
  const shownSource = source ?? (loaded ? settings.cameraDevice : null);
  const local = useCameraStream(shownSource === 'current-device', settings.cameraDeviceId);
  const { online } = useSyncStatus();
  const external = useExternalCamera(shownSource === 'raspberry-pi', settings.cameraUrl, online);
  // The session's patient (chosen here or on another screen), and today's visit when the chart sent us.
  const { customerId } = useCurrentPatient();
  const handoff = useHandoff();
  const [visitId, setVisitId] = useState<string | null>(() => (customerId ? handoff.visitId : null));
  const visits = useCustomerVisits(customerId);
  const video = useRef<HTMLVideoElement>(null);
  const target = useMemo(() => (customerId ? { customerId, visitId } : null), [customerId, visitId]);
  const captures = useCaptures(video, local.stream, target);
  const [busy, setBusy] = useState(false);

  // The face models load in the background, ready for the first photo or clip to analyse.
  useEffect(() => {
    void warmFaceEngine();
  }, []);

  // A recording cut off last time (closed tab, full disk) is saved as it was.
  useEffect(() => {
    void recoverRecordings(localDb, null).then(
      (saved) => saved > 0 && toast.info(t.recovered),
      () => undefined,
    );
  }, [toast]);

  const status = shownSource === 'raspberry-pi' ? external.status : local.status;
  const refresh = shownSource === 'raspberry-pi' ? external.refresh : local.restart;
  const live = shownSource === 'current-device' && local.stream !== null;
  // The external camera gives no picture here: the preview says why, and 写真撮影 waits for it to answer.
  const externalNotice =
    shownSource !== 'raspberry-pi'
      ? null
      : !settings.cameraUrl.trim()
        ? t.source.notice.demo
        : !online
          ? t.source.notice.deviceOffline
          : t.source.notice[external.status];
  const externalReady = shownSource === 'raspberry-pi' && external.status === 'online';
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    void action().finally(() => setBusy(false));
  };
  // The picker sets the session's patient; a visit belongs to one customer.
  const chooseCustomer = () => setVisitId(null);
  const photo = () => {
    if (shownSource === 'raspberry-pi') return toast.error(`${t.externalPhotoFailed}：${t.demoMode}`);
    run(captures.photo);
  };

  return (
    <div className="camera-page">
      <section className="camera-capture" aria-label={ja.pages.camera.title}>
        {shownSource && <SourceBar source={shownSource} status={status} onSource={setSource} onRefresh={refresh} />}
        <Form layout="vertical" component="div" className="camera-target">
          <Form.Item label={t.customer} htmlFor="camera-customer" required>
            <CurrentPatientPicker id="camera-customer" onChange={chooseCustomer} disabled={captures.recording} />
          </Form.Item>
          <Form.Item label={t.visit} htmlFor="camera-visit">
            <VisitPicker
              id="camera-visit"
              customerId={customerId}
              visits={visits.loaded ? (visits.data ?? []) : null}
              value={visitId}
              onChange={setVisitId}
            />
          </Form.Item>
        </Form>
        {!customerId && <Alert type="info" showIcon title={t.customerRequired} />}
        {local.failed && shownSource === 'current-device' && <Alert type="error" showIcon title={t.initFailed} />}
        <CameraPreview
          stream={live ? local.stream : null}
          video={video}
          recording={captures.recording}
          elapsed={captures.elapsed}
          notice={externalNotice}
        />
        <CaptureButtons
          canPhoto={Boolean(target) && !busy && !captures.recording && (live || externalReady)}
          canRecord={Boolean(target) && (captures.recording || (!busy && live))}
          canImport={Boolean(target) && !captures.recording}
          recording={captures.recording}
          onPhoto={photo}
          onRecord={() => run(captures.record)}
          onImport={(file) => run(() => captures.importFile(file))}
        />
      </section>
      <CaptureHistory customerId={customerId} onError={(message) => toast.error(message)} />
    </div>
  );
}

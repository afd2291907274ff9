import { CameraOutlined, ExperimentOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import { CurrentPatientPicker, useCurrentPatient, useHandoff } from '../../components/current-patient';
import { FacePhoto } from '../../components/face-result';
import { useToast } from '../../components/toast';
import { VisitPicker } from '../../components/visit-picker';
import { jaFace } from '../../i18n/ja-face';
import { useCustomerVisits } from '../../data';
import { loadAppSettings, useAppSettings } from '../../data/app-settings';
import { HistoryDialog } from './history-dialog';
import { ImageDrop } from './image-drop';
import { InPageCamera } from './in-page-camera';
import { ResultPanel } from './result-panel';
import { useFaceSession } from './use-face-session';
import { useInPageCamera } from './use-in-page-camera';
import './face-analysis.css';

const t = jaFace;

/**
 * 表情分析 (spec 2, 4, 5, 8): choose the patient, take or pick a photo, and analyse it on this device.
 * The result (and the photo, when settings say so) is kept as the patient's record, offline too.
 */
export default function FaceAnalysisPage() {
  const toast = useToast();
  const { settings } = useAppSettings();
  const session = useFaceSession(toast);
  const camera = useInPageCamera();
  // The session's patient (chosen here or on another screen), and today's visit when the chart sent us.
  const { customerId } = useCurrentPatient();
  const handoff = useHandoff();
  const [visitId, setVisitId] = useState<string | null>(() => (customerId ? handoff.visitId : null));
  const [historyOpen, setHistoryOpen] = useState(false);
  const visits = useCustomerVisits(customerId);
  const target = useMemo(() => (customerId ? { customerId, visitId } : null), [customerId, visitId]);
  const analysing = session.phase === 'analysing';

  // Settings 自動分析 works here, the screen made for faces: a photo chosen for a patient is analysed at
  // once. The camera's treatment photos (shoulders, backs) are analysed only when asked.
  // The settings are read at the moment of the choice, not taken from the render: a photo chosen as the
  // screen opens must not be analysed (and stored) on the defaults before the device's settings are read.
  const choose = async (blob: Blob) => {
    const chosen = await session.select(blob);
    if ('refused' in chosen) return toast.error(chosen.refused);
    const current = await loadAppSettings();
    if (current.autoAnalysis && target) await session.analyze(target, current.saveImages, chosen.picked);
  };
  const analyzeChosen = async () => session.analyze(target, (await loadAppSettings()).saveImages);
  // The picker sets the session's patient; a visit belongs to one customer.
  const chooseCustomer = () => setVisitId(null);
  const capture = async (video: HTMLVideoElement) => {
    const blob = await camera.capture(video);
    if (blob) await choose(blob);
  };

  return (
    <div className="face-page">
      <Form layout="vertical" component="div" className="face-target">
        <Form.Item label={t.customer} htmlFor="face-customer" required>
          <CurrentPatientPicker id="face-customer" onChange={chooseCustomer} disabled={analysing} />
        </Form.Item>
        <Form.Item label={t.visit} htmlFor="face-visit">
          <VisitPicker
            id="face-visit"
            customerId={customerId}
            visits={visits.loaded ? (visits.data ?? []) : null}
            value={visitId}
            onChange={setVisitId}
          />
        </Form.Item>
      </Form>
      {!customerId && <Alert type="info" showIcon title={t.customerRequired} />}
      <div className="face-work">
        <section className="face-image" aria-label={t.image}>
          {camera.denied && <Alert type="error" showIcon title={t.cameraDenied} />}
          {camera.stream ? (
            <InPageCamera stream={camera.stream} onCapture={(video) => void capture(video)} onCancel={camera.close} />
          ) : session.picked ? (
            <FacePhoto
              src={session.picked.url}
              boxes={session.phase === 'done' ? (session.outcome?.faces.map((face) => face.box) ?? []) : []}
            />
          ) : (
            <ImageDrop onFile={(file) => void choose(file)} disabled={analysing} />
          )}
          <div className="face-buttons">
            <Button
              size="large"
              type="primary"
              icon={<ExperimentOutlined aria-hidden />}
              loading={analysing}
              disabled={Boolean(camera.stream)}
              onClick={() => void analyzeChosen()}
            >
              {t.analyze}
            </Button>
            <Button
              size="large"
              icon={<ReloadOutlined aria-hidden />}
              disabled={analysing}
              onClick={() => {
                camera.close();
                session.reset();
              }}
            >
              {t.newImage}
            </Button>
            {!camera.stream && (
              <Button
                size="large"
                icon={<CameraOutlined aria-hidden />}
                disabled={analysing}
                onClick={() => void camera.open()}
              >
                {t.openCamera}
              </Button>
            )}
            <Button size="large" icon={<HistoryOutlined aria-hidden />} onClick={() => setHistoryOpen(true)}>
              {t.history}
            </Button>
          </div>
        </section>
        <ResultPanel
          phase={session.phase}
          outcome={session.outcome}
          message={session.message}
          debug={settings.debugMode}
        />
      </div>
      <HistoryDialog open={historyOpen} customerId={customerId} onClose={() => setHistoryOpen(false)} />
    </div>
  );
}

import { Alert, Button } from 'antd';
import { useConfirm } from '../../components/confirm';
import { jaSettings } from '../../i18n/ja-settings';
import { AnalysisSection } from './analysis-section';
import { CameraSection } from './camera-section';
import { useSession } from '../../auth/use-session';
import { DeviceNameSection } from './device-name-section';
import { HoursSection } from './hours-section';
import { LockSection } from './lock-section';
import { StorageSection } from './storage-section';
import { useSettingsForm } from './use-settings-form';
import { VideoSection } from './video-section';
import './settings.css';

const t = jaSettings;

/** 設定 (spec 2, 4): the camera, expression and video analysis, kept on this device; and its storage. */
export default function SettingsPage() {
  const form = useSettingsForm();
  const confirm = useConfirm();
  const isAdmin = useSession()?.user.role === 'admin';
  const askReset = () =>
    confirm({
      title: t.resetConfirm.title,
      content: t.resetConfirm.content,
      okText: t.resetConfirm.ok,
      danger: true,
      onOk: form.reset,
    });
  return (
    <div className="settings-page">
      <DeviceNameSection settings={form.settings} onChange={form.change} />
      <CameraSection settings={form.settings} onChange={form.change} />
      <AnalysisSection settings={form.settings} onChange={form.change} />
      <VideoSection video={form.settings.videoAnalysis} onChange={form.changeVideo} />
      <LockSection settings={form.settings} onChange={form.change} isAdmin={isAdmin} />
      <HoursSection settings={form.settings} onChange={form.change} isAdmin={isAdmin} />
      <StorageSection />
      <div className="settings-actions">
        {form.dirty && form.saveState !== 'saving' && <Alert type="info" showIcon title={t.dirty} />}
        {form.saveState === 'saved' && <Alert type="success" showIcon title={t.saved} />}
        {form.saveState === 'error' && (
          <Alert type="error" showIcon title={t.saveFailed} description={form.error ?? undefined} />
        )}
        <div className="settings-buttons">
          <Button size="large" onClick={askReset} disabled={form.saveState === 'saving'}>
            {t.reset}
          </Button>
          <Button
            size="large"
            type="primary"
            loading={form.saveState === 'saving'}
            disabled={!form.dirty || form.saveState === 'saving'}
            onClick={form.submit}
          >
            {form.saveState === 'saving' ? t.saving : t.save}
          </Button>
        </div>
      </div>
    </div>
  );
}

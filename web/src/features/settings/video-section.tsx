import {
  type AppSettings,
  SETTINGS_LIMITS,
  type VideoAnalysisSettings,
  predictVideoAnalysis,
} from '@clinic/sync-protocol/settings';
import { Form, Select, Switch } from 'antd';
import { Segmented } from '../../components/segmented';
import { jaSettings } from '../../i18n/ja-settings';
import { useMeasuredSecondsPerFrame } from '../../face/frame-timing';

const t = jaSettings.video;
type Stepped = 'samplingInterval' | 'maxFrames' | 'maxWidth' | 'maxHeight';
type QualityValue = VideoAnalysisSettings['quality'];

/** Every allowed value of a stepped setting: a choice cannot be out of range or off its step. */
function steps(key: Stepped): { value: number; label: string }[] {
  const { min, max, step } = SETTINGS_LIMITS[key];
  const values: number[] = [];
  for (let v = min; v <= max + 1e-9; v += step) values.push(Math.round(v * 10) / 10);
  return values.map((value) => ({ value, label: String(value) }));
}

const STEPPED: Stepped[] = ['samplingInterval', 'maxFrames', 'maxWidth', 'maxHeight'];

type Props = { video: VideoAnalysisSettings; onChange: (patch: Partial<AppSettings['videoAnalysis']>) => void };

/** How a recorded clip is analysed, and what that means for a 30 s video (spec 9's prediction box). */
export function VideoSection({ video, onChange }: Props) {
  const prediction = predictVideoAnalysis(video.samplingInterval, 30, useMeasuredSecondsPerFrame());
  return (
    <section className="settings-section" aria-labelledby="settings-video">
      <h2 id="settings-video">{t.title}</h2>
      <div className="settings-switch-row">
        <Switch id="settings-video-enabled" checked={video.enabled} onChange={(enabled) => onChange({ enabled })} />
        <label htmlFor="settings-video-enabled" className="settings-switch-label">
          {t.enabled}
        </label>
      </div>
      <Form layout="vertical" component="div" className="settings-video-grid" disabled={!video.enabled}>
        {STEPPED.map((key) => (
          <Form.Item key={key} label={t[key]} htmlFor={`settings-${key}`}>
            <Select
              id={`settings-${key}`}
              size="large"
              value={video[key]}
              options={steps(key)}
              onChange={(value: number) => onChange({ [key]: value })}
            />
          </Form.Item>
        ))}
        <Form.Item className="settings-quality" label={<span id="settings-quality">{t.quality}</span>}>
          <Segmented<string>
            aria-labelledby="settings-quality"
            size="large"
            value={String(video.quality)}
            onChange={(value) => onChange({ quality: Number(value) as QualityValue })}
            options={SETTINGS_LIMITS.quality.map((q) => ({ value: String(q), label: t.qualityOption(q) }))}
          />
        </Form.Item>
      </Form>
      <div className="settings-prediction" role="group" aria-labelledby="settings-prediction">
        <h3 id="settings-prediction">{t.prediction}</h3>
        <dl>
          <div>
            <dt>{t.frames}</dt>
            <dd>{t.framesValue(prediction.frames)}</dd>
          </div>
          <div>
            <dt>{t.time}</dt>
            <dd>
              {t.timeValue(prediction.seconds)}
              <span className="settings-help">{prediction.measured ? t.timeMeasured : t.timeEstimated}</span>
            </dd>
          </div>
          <div>
            <dt>{t.cost}</dt>
            <dd>
              {t.costValue}
              <span className="settings-help">{t.cloudCost(prediction.cloudCostUsd.toFixed(3))}</span>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

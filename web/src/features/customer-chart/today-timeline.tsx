import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import { todayInJapan } from '@clinic/sync-protocol';
import { useId, useMemo } from 'react';
import { useCustomerDiagnoses, useCustomerMedia, useCustomerSurveys, useCustomerVisits } from '../../data';
import { jaSession } from '../../i18n/ja-session';
import { TODAY_STEPS, todaySteps, type TodaySteps } from './today-steps';

const t = jaSession.today;
const NONE: readonly never[] = [];

/** Today's appointment of this patient, from the device (offline too, live as records are saved). */
export function useTodaySteps(customerId: string): { loaded: boolean; today: string; steps: TodaySteps } {
  const visits = useCustomerVisits(customerId);
  const surveys = useCustomerSurveys(customerId);
  const diagnoses = useCustomerDiagnoses(customerId);
  const media = useCustomerMedia(customerId);
  const today = todayInJapan();
  const steps = useMemo(
    () =>
      todaySteps(
        {
          visits: visits.data ?? NONE,
          surveys: surveys.data ?? NONE,
          diagnoses: diagnoses.data ?? NONE,
          media: media.data ?? NONE,
        },
        today,
      ),
    [visits.data, surveys.data, diagnoses.data, media.data, today],
  );
  return { loaded: visits.loaded && surveys.loaded && diagnoses.loaded && media.loaded, today, steps };
}

/** 来院 ✓ → 施術前 ✓ → 診断 — → 施術後 — → 写真・動画 —: what is done today and what is still open. */
export function TodayTimeline({ today, steps }: { today: string; steps: TodaySteps }) {
  const titleId = useId();
  return (
    <div className="chart-today">
      <h3 id={titleId} className="chart-today-title">
        {t.title(today)}
      </h3>
      <ol className="chart-today-steps" aria-labelledby={titleId}>
        {TODAY_STEPS.map((step) => {
          const done = steps[step];
          return (
            <li
              key={step}
              className={done ? 'chart-today-step chart-today-done' : 'chart-today-step'}
              aria-label={t.stepLabel(t[step], done)}
            >
              {done ? <CheckCircleFilled aria-hidden /> : <MinusCircleOutlined aria-hidden />}
              <span aria-hidden>{t[step]}</span>
              <span aria-hidden className="chart-today-mark">
                {done ? '✓' : '—'}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

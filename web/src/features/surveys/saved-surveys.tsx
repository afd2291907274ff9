import { SURVEY_TYPE_LABELS, answerCount, japanDateTime } from '@clinic/sync-protocol';
import { Button, Tag } from 'antd';
import { memo, useId } from 'react';
import { EmptyState } from '../../components/empty-state';
import type { LocalSurvey } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import './saved-surveys.css';

const t = ja.surveys;
const h = t.history;

type Props = {
  customerId: string | null;
  /** Newest first; null while they load. */
  surveys: readonly LocalSurvey[] | null;
  /** Visit dates by id, to say which visit a survey belongs to. */
  visitDates: ReadonlyMap<string, string>;
  correctingId: string | null;
  onCorrect: (survey: LocalSurvey) => void;
};

// antd's orange tag text is 3.3:1 on its background; orange-8 reads at 5.1:1 (as on the customer list).
const unsynced = (
  <Tag color="orange" style={{ margin: 0, color: '#ad4e00' }}>
    {h.unsynced}
  </Tag>
);

function SurveyRow({
  survey,
  visitDate,
  correcting,
  onCorrect,
}: {
  survey: LocalSurvey;
  visitDate: string | undefined;
  correcting: boolean;
  onCorrect: (survey: LocalSurvey) => void;
}) {
  const type = SURVEY_TYPE_LABELS[survey.type];
  const time = japanDateTime(survey.createdAt, { dateSeparator: '/' });
  const details = [h.answers(answerCount(survey.answers)), visitDate && h.visit(visitDate)].filter(Boolean).join('・');
  return (
    <li className={correcting ? 'saved-survey saved-survey-correcting' : 'saved-survey'}>
      <div className="saved-survey-main">
        <div className="saved-survey-title">
          <strong>{t.title(type)}</strong>
          {survey.pending === 1 && unsynced}
          {correcting && <Tag className="saved-survey-correcting-tag">{h.correcting}</Tag>}
        </div>
        <div className="saved-survey-meta">
          <time dateTime={survey.createdAt}>{time}</time>
          <span>{details}</span>
        </div>
      </div>
      <Button size="large" aria-label={h.editLabel(type, time)} onClick={() => onCorrect(survey)} disabled={correcting}>
        {h.edit}
      </Button>
    </li>
  );
}

/** The chosen customer's surveys on this device, newest first, each with 修正 to correct its answers. */
export const SavedSurveys = memo(function SavedSurveys({
  customerId,
  surveys,
  visitDates,
  correctingId,
  onCorrect,
}: Props) {
  const headingId = useId();
  const body = (() => {
    if (customerId === null) return <EmptyState description={h.needCustomer} />;
    if (surveys === null) return <p className="saved-surveys-loading">{h.loading}</p>;
    if (surveys.length === 0) return <EmptyState description={h.empty} />;
    return (
      <ul className="saved-surveys-list" aria-labelledby={headingId}>
        {surveys.map((survey) => (
          <SurveyRow
            key={survey.id}
            survey={survey}
            visitDate={survey.visitId ? visitDates.get(survey.visitId) : undefined}
            correcting={survey.id === correctingId}
            onCorrect={onCorrect}
          />
        ))}
      </ul>
    );
  })();
  return (
    <section className="saved-surveys" aria-labelledby={headingId}>
      <h2 id={headingId} className="survey-section-title">
        {h.title}
      </h2>
      {body}
    </section>
  );
});

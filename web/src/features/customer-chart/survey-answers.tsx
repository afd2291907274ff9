import {
  type AnswerValue,
  type Question,
  SURVEY_QUESTIONS,
  SURVEY_TYPE_LABELS,
  type SurveyType,
  formatAnswer,
} from '@clinic/sync-protocol';
import type { LocalSurvey } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { Fact, UnsyncedTag } from './chart-parts';

const t = ja.chart;

/** An answer as formatted for reading; stars are also named in words (5段階中4) for a screen reader. */
export function AnswerText({ question, value }: { question: Question; value: AnswerValue | undefined }) {
  const text = formatAnswer(question, value);
  if (question.kind !== 'stars' || typeof value !== 'number') return <>{text}</>;
  return (
    <span role="img" aria-label={t.stars(value, question.max)}>
      {text}
    </span>
  );
}

/** One survey's answers question by question, from the survey's definitions; or a word that there is none. */
export function SurveyAnswers({ type, survey }: { type: SurveyType; survey: LocalSurvey | null }) {
  const typeLabel = SURVEY_TYPE_LABELS[type];
  return (
    <div className="chart-survey">
      <h5 className="chart-survey-title">
        {t.surveys.survey(typeLabel)}
        {survey?.pending === 1 && <UnsyncedTag />}
      </h5>
      {survey ? (
        <dl className="chart-facts">
          {SURVEY_QUESTIONS[type].map((question) => (
            <Fact key={question.key} label={question.label}>
              <AnswerText question={question} value={survey.answers[question.key]} />
            </Fact>
          ))}
        </dl>
      ) : (
        <p className="chart-muted">{t.surveys.notAnswered(typeLabel)}</p>
      )}
    </div>
  );
}

import {
  type AnswerValue,
  SURVEY_QUESTIONS,
  SURVEY_TYPE_LABELS,
  type SurveyAnswers,
  type SurveyType,
} from '@clinic/sync-protocol';
import { useId } from 'react';
import { ja } from '../../i18n/ja';
import { QuestionCard } from './question-card';
import './survey-questions.css';

type Props = {
  type: SurveyType;
  answers: SurveyAnswers;
  missing: readonly string[];
  onAnswer: (key: string, value: AnswerValue | undefined) => void;
};

/** The chosen survey's questions, one card each, in the order the shared question data gives. */
export function SurveyQuestions({ type, answers, missing, onAnswer }: Props) {
  const headingId = useId();
  return (
    <section className="survey-questions" aria-labelledby={headingId}>
      <h2 id={headingId} className="survey-section-title">
        {ja.surveys.title(SURVEY_TYPE_LABELS[type])}
      </h2>
      {SURVEY_QUESTIONS[type].map((question, i) => (
        <QuestionCard
          key={`${type}-${question.key}`}
          question={question}
          number={i + 1}
          value={answers[question.key]}
          missing={missing.includes(question.key)}
          onAnswer={onAnswer}
        />
      ))}
    </section>
  );
}

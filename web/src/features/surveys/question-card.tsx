import { ExclamationCircleFilled } from '@ant-design/icons';
import type { AnswerValue, Question } from '@clinic/sync-protocol';
import { Card, Tag } from 'antd';
import { memo, useId } from 'react';
import { ja } from '../../i18n/ja';
import { AnswerInput } from './answer-input';

const t = ja.surveys;

/** The card's element id: 保存 scrolls to the first unanswered one. */
export const questionCardId = (key: string) => `survey-question-${key}`;

type Props = {
  question: Question;
  number: number;
  value: AnswerValue | undefined;
  missing: boolean;
  onAnswer: (key: string, value: AnswerValue | undefined) => void;
};

/**
 * One question: its number, its text as the heading (which names the answer group), 必須 or 任意, and
 * the control for its kind. The heading is in the body rather than antd's card title, which cuts long
 * text off to one line. Memoised: answering one question re-renders that card alone.
 */
export const QuestionCard = memo(function QuestionCard({ question, number, value, missing, onAnswer }: Props) {
  const textId = useId();
  const missingId = useId();
  return (
    <Card
      id={questionCardId(question.key)}
      className={missing ? 'survey-question survey-question-missing' : 'survey-question'}
    >
      <h3 className="survey-question-heading">
        <span className="survey-question-number">{t.questionNumber(number)}</span>
        <span id={textId} className="survey-question-text">
          {question.text}
        </span>
        <Tag className={question.required ? 'survey-required' : 'survey-optional'}>
          {question.required ? t.required : t.optional}
        </Tag>
      </h3>
      <AnswerInput
        question={question}
        value={value}
        onChange={(next) => onAnswer(question.key, next)}
        labelledBy={textId}
        describedBy={missing ? missingId : undefined}
      />
      {missing && (
        <p id={missingId} className="survey-question-error">
          <ExclamationCircleFilled aria-hidden /> {t.unanswered}
        </p>
      )}
    </Card>
  );
});

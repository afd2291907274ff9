import type { ChoiceQuestion, MultiQuestion } from '@clinic/sync-protocol';
import { Checkbox, Radio } from 'antd';
import type { AnswerProps } from './answer-props';

/** One of the options, each a whole-width box a finger can hit anywhere on. */
export function ChoiceInput({ question, value, onChange, labelledBy, describedBy }: AnswerProps<ChoiceQuestion>) {
  return (
    <Radio.Group
      className="survey-options"
      value={typeof value === 'string' ? value : null}
      onChange={(e) => onChange(e.target.value as string)}
      options={question.options.map((o) => ({ value: o.value, label: o.label }))}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    />
  );
}

/** Any of the options (首, 肩, 腰…), each a box to tick; the answer keeps the options' order. */
export function MultiInput({ question, value, onChange, labelledBy, describedBy }: AnswerProps<MultiQuestion>) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <Checkbox.Group<string>
      className="survey-options survey-options-multi"
      value={chosen}
      onChange={(next) => onChange(question.options.map((o) => o.value).filter((v) => next.includes(v)))}
      options={question.options.map((o) => ({ value: o.value, label: o.label }))}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    />
  );
}

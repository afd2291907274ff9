import { Input } from 'antd';
import type { AnswerProps } from './answer-props';
import { ChoiceInput, MultiInput } from './option-inputs';
import { ScaleInput } from './scale-input';
import { StarsInput } from './stars-input';

/** The control for a question's kind; the question data decides, never the screen. */
export function AnswerInput({ question, ...props }: AnswerProps) {
  switch (question.kind) {
    case 'stars':
      return <StarsInput question={question} {...props} />;
    case 'scale':
      return <ScaleInput question={question} {...props} />;
    case 'choice':
      return <ChoiceInput question={question} {...props} />;
    case 'multi':
      return <MultiInput question={question} {...props} />;
    case 'text':
      return (
        <Input.TextArea
          className="survey-text"
          rows={3}
          maxLength={question.maxLength}
          showCount
          value={typeof props.value === 'string' ? props.value : ''}
          onChange={(e) => props.onChange(e.target.value)}
          aria-labelledby={props.labelledBy}
          aria-describedby={props.describedBy}
        />
      );
  }
}

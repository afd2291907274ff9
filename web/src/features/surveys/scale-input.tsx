import type { ScaleQuestion } from '@clinic/sync-protocol';
import { Radio } from 'antd';
import { useId } from 'react';
import { type AnswerProps, idList } from './answer-props';
import { ScaleCaptions } from './scale-captions';

/**
 * A whole number from min to max (0-10) as a row of toggle buttons, one radio group: one Tab stop,
 * arrow keys move. The row wraps to two lines of six on a phone rather than shrinking below 44 px.
 */
export function ScaleInput({ question, value, onChange, labelledBy, describedBy }: AnswerProps<ScaleQuestion>) {
  const captions = useId();
  const points = Array.from({ length: question.max - question.min + 1 }, (_, i) => question.min + i);
  return (
    <div className="survey-scale">
      <Radio.Group
        className="survey-scale-row"
        optionType="button"
        buttonStyle="solid"
        value={typeof value === 'number' ? value : null}
        onChange={(e) => onChange(e.target.value as number)}
        aria-labelledby={labelledBy}
        aria-describedby={idList(captions, describedBy)}
      >
        {points.map((n) => (
          <Radio.Button key={n} value={n} className="survey-scale-point">
            {n}
          </Radio.Button>
        ))}
      </Radio.Group>
      <ScaleCaptions
        id={captions}
        low={`${question.min}：${question.lowLabel}`}
        high={`${question.max}：${question.highLabel}`}
      />
    </div>
  );
}

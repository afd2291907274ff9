import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { StarsQuestion } from '@clinic/sync-protocol';
import { Radio } from 'antd';
import { useId } from 'react';
import { ja } from '../../i18n/ja';
import { type AnswerProps, idList } from './answer-props';
import { ScaleCaptions } from './scale-captions';

const t = ja.surveys;

/**
 * 1 to max stars, drawn like antd's Rate but made of native radios: Rate's stars are unnamed (its icon
 * says "star" in English), several read as checked at once and each is its own Tab stop. Here the group
 * is one Tab stop, arrow keys choose, and each star is named 星3つ. Every star is a 52 px target.
 */
export function StarsInput({ question, value, onChange, labelledBy, describedBy }: AnswerProps<StarsQuestion>) {
  const captions = useId();
  const chosen = typeof value === 'number' ? value : 0;
  return (
    <div className="survey-stars">
      <Radio.Group
        className="survey-stars-row"
        optionType="button"
        value={chosen || null}
        onChange={(e) => onChange(e.target.value as number)}
        aria-labelledby={labelledBy}
        aria-describedby={idList(captions, describedBy)}
      >
        {Array.from({ length: question.max }, (_, i) => i + 1).map((n) => (
          <Radio.Button
            key={n}
            value={n}
            aria-label={t.stars(n)}
            className={n <= chosen ? 'survey-star survey-star-lit' : 'survey-star'}
          >
            {/* Lit and unlit differ in shape as well as colour. */}
            {n <= chosen ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
          </Radio.Button>
        ))}
      </Radio.Group>
      <ScaleCaptions id={captions} low={question.lowLabel} high={question.highLabel} />
    </div>
  );
}

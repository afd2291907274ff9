import type { AnswerValue, Question } from '@clinic/sync-protocol';

/** What every answer control gets: its question, the answer so far, and the ids that name and describe it. */
export type AnswerProps<Q extends Question = Question> = {
  question: Q;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  /** The question text's id: the control is the group it names. */
  labelledBy: string;
  /** The captions and the 未回答 mark, when shown. */
  describedBy: string | undefined;
};

/** Ids joined for aria-describedby; undefined when there are none. */
export const idList = (...ids: Array<string | undefined | false>) => ids.filter(Boolean).join(' ') || undefined;

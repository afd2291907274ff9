/** Answers checked against the question definitions: the form, the local mutator and the server use this one check. */
import { hasUnusableChar, TEXT_MESSAGES } from '../rules/text';
import { type AnswerValue, type Question, SURVEY_QUESTIONS, type SurveyAnswers, type SurveyType } from './questions';

export const SURVEY_MESSAGES = {
  customerRequired: '顧客を選択してください',
  /** Followed by the unanswered questions' texts (spec 5). */
  missing: '必須項目が入力されていません: ',
  unknownQuestion: (key: string) => `このアンケートにない質問への回答が含まれています（${key}）`,
  stars: (q: Question & { max: number }) => `「${q.label}」は星1つから${q.max}つで答えてください`,
  scale: (q: Question & { min: number; max: number }) => `「${q.label}」は${q.min}から${q.max}の数で答えてください`,
  notAnOption: (q: Question, value: string) => `「${q.label}」の選択肢にない回答です（${value}）`,
  textTooLong: (q: Question & { maxLength: number }) => `「${q.label}」は${q.maxLength}文字以内で入力してください`,
  typeInvalid: 'アンケートの種類は施術前か施術後を選んでください',
} as const;

const isBlank = (value: AnswerValue | undefined) =>
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The problem with one answer (not blank), or null. */
function answerProblem(q: Question, value: unknown): string | null {
  switch (q.kind) {
    case 'stars':
      return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= q.max
        ? null
        : SURVEY_MESSAGES.stars(q);
    case 'scale':
      return Number.isInteger(value) && (value as number) >= q.min && (value as number) <= q.max
        ? null
        : SURVEY_MESSAGES.scale(q);
    case 'choice':
      if (typeof value !== 'string') return SURVEY_MESSAGES.notAnOption(q, String(value));
      return q.options.some((o) => o.value === value) ? null : SURVEY_MESSAGES.notAnOption(q, value);
    case 'multi': {
      if (!Array.isArray(value)) return SURVEY_MESSAGES.notAnOption(q, String(value));
      const items: unknown[] = value;
      const bad = items.findIndex((v) => typeof v !== 'string' || !q.options.some((o) => o.value === v));
      if (bad !== -1) return SURVEY_MESSAGES.notAnOption(q, String(items[bad]));
      return new Set(items).size === items.length ? null : SURVEY_MESSAGES.notAnOption(q, String(items));
    }
    case 'text':
      if (typeof value !== 'string') return SURVEY_MESSAGES.textTooLong(q);
      if (hasUnusableChar(value)) return TEXT_MESSAGES.unusableChar;
      return value.trim().length <= q.maxLength ? null : SURVEY_MESSAGES.textTooLong(q);
  }
}

export type AnswersCheck = { ok: true; answers: SurveyAnswers } | { ok: false; message: string; missing: string[] };

/**
 * Checks answers against the questions of one survey type. Blank optional answers are dropped and
 * text is trimmed; nothing else is changed. The first problem wins, except that every unanswered
 * required question is named at once (spec 5).
 */
export function checkSurveyAnswers(type: SurveyType, answers: Record<string, unknown>): AnswersCheck {
  const questions = SURVEY_QUESTIONS[type];
  const unknown = Object.keys(answers).find((key) => !questions.some((q) => q.key === key));
  if (unknown !== undefined) return { ok: false, message: SURVEY_MESSAGES.unknownQuestion(unknown), missing: [] };
  const result: SurveyAnswers = {};
  const missing: Question[] = [];
  for (const q of questions) {
    const value = answers[q.key] as AnswerValue | null | undefined;
    if (value === null || value === undefined || isBlank(value)) {
      if (q.required) missing.push(q);
      continue;
    }
    const problem = answerProblem(q, value);
    if (problem) return { ok: false, message: problem, missing: [] };
    result[q.key] = typeof value === 'string' ? value.trim() : value;
  }
  if (missing.length > 0) {
    return {
      ok: false,
      message: SURVEY_MESSAGES.missing + missing.map((q) => q.text).join('、'),
      missing: missing.map((q) => q.key),
    };
  }
  return { ok: true, answers: result };
}

/** How many questions were answered: the success message counts them. */
export function answerCount(answers: SurveyAnswers): number {
  return Object.values(answers).filter((v) => !isBlank(v)).length;
}

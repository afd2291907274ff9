import { describe, expect, it } from 'vitest';
import { surveySubmitArgsSchema } from '../mutations/survey';
import { SURVEY_MESSAGES, answerCount, checkSurveyAnswers } from './answers';
import { SURVEY_QUESTIONS, formatAnswer, questionOf } from './questions';

const pre = {
  pain_level: 4,
  pain_areas: ['肩', '腰'],
  sleep_quality: 'fair',
  stress_level: 7,
  expectations: '  肩こりを楽にしたい ',
};
const post = {
  pain_improvement: 3,
  satisfaction: 9,
  comfort: 'comfortable',
  side_effects: 'none',
  recommend: 'definitely',
};

describe('survey answers are checked against the question definitions', () => {
  it("the questions are the spec's, with the spec's pain areas", () => {
    expect(SURVEY_QUESTIONS.pre.map((q) => q.key)).toEqual([
      'pain_level',
      'pain_areas',
      'sleep_quality',
      'stress_level',
      'expectations',
    ]);
    expect(SURVEY_QUESTIONS.post.map((q) => q.key)).toEqual([
      'pain_improvement',
      'satisfaction',
      'comfort',
      'side_effects',
      'recommend',
      'comments',
    ]);
    const areas = questionOf('pre', 'pain_areas');
    expect(areas?.kind === 'multi' && areas.options.map((o) => o.label)).toEqual([
      '首',
      '肩',
      '腰',
      '膝',
      '頭',
      'その他',
    ]);
  });

  it('complete answers pass; text is trimmed and blank optional answers dropped', () => {
    expect(checkSurveyAnswers('pre', pre)).toEqual({
      ok: true,
      answers: { ...pre, expectations: '肩こりを楽にしたい' },
    });
    expect(checkSurveyAnswers('post', { ...post, comments: ' ' })).toEqual({ ok: true, answers: post });
    expect(answerCount(pre)).toBe(5);
  });

  it('every unanswered required question is named at once, by its text', () => {
    const check = checkSurveyAnswers('pre', { pain_level: 2, pain_areas: [] });
    const texts = SURVEY_QUESTIONS.pre
      .filter((q) => ['pain_areas', 'sleep_quality', 'stress_level'].includes(q.key))
      .map((q) => q.text);
    expect(check).toEqual({
      ok: false,
      message: `${SURVEY_MESSAGES.missing}${texts.join('、')}`,
      missing: ['pain_areas', 'sleep_quality', 'stress_level'],
    });
    expect(checkSurveyAnswers('post', {}).ok).toBe(false);
  });

  it('a star rating of 7, an unknown area, an unknown option or question is refused with a clear message', () => {
    expect(checkSurveyAnswers('pre', { ...pre, pain_level: 7 })).toMatchObject({
      ok: false,
      message: '「痛みの強さ」は星1つから5つで答えてください',
    });
    expect(checkSurveyAnswers('pre', { ...pre, pain_level: 2.5 }).ok).toBe(false);
    expect(checkSurveyAnswers('pre', { ...pre, pain_areas: ['肩', '背中'] })).toMatchObject({
      ok: false,
      message: '「痛む部位」の選択肢にない回答です（背中）',
    });
    expect(checkSurveyAnswers('pre', { ...pre, pain_areas: ['肩', '肩'] }).ok).toBe(false);
    expect(checkSurveyAnswers('pre', { ...pre, stress_level: 11 })).toMatchObject({
      ok: false,
      message: '「ストレス」は0から10の数で答えてください',
    });
    expect(checkSurveyAnswers('post', { ...post, comfort: 'great' }).ok).toBe(false);
    expect(checkSurveyAnswers('post', { ...pre })).toMatchObject({
      ok: false,
      message: SURVEY_MESSAGES.unknownQuestion('pain_level'),
    });
    expect(checkSurveyAnswers('pre', { ...pre, expectations: 'あ'.repeat(1001) }).ok).toBe(false);
  });

  it('a submit whose answers do not fit its type is refused by the args schema', () => {
    const args = {
      id: '9b8a7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
      customerId: '3f2a4c5e-1b2d-4e6f-8a9b-0c1d2e3f4a5b',
      type: 'pre',
    };
    expect(surveySubmitArgsSchema.safeParse({ ...args, answers: pre }).data?.visitId).toBeNull();
    const bad = surveySubmitArgsSchema.safeParse({ ...args, answers: { ...pre, pain_level: 7 } });
    expect(bad.error?.issues[0]?.message).toBe('「痛みの強さ」は星1つから5つで答えてください');
    expect(surveySubmitArgsSchema.safeParse({ ...args, type: 'during', answers: pre }).error?.issues[0]?.message).toBe(
      SURVEY_MESSAGES.typeInvalid,
    );
  });

  it('formats answers as a person reads them', () => {
    expect(formatAnswer(questionOf('pre', 'pain_level')!, 3)).toBe('★★★☆☆');
    expect(formatAnswer(questionOf('pre', 'pain_areas')!, ['肩', '腰'])).toBe('肩、腰');
    expect(formatAnswer(questionOf('pre', 'sleep_quality')!, 'fair')).toBe('ふつう');
    expect(formatAnswer(questionOf('pre', 'stress_level')!, 7)).toBe('7 / 10');
    expect(formatAnswer(questionOf('post', 'comments')!, undefined)).toBe('未回答');
  });
});

/**
 * The survey's questions as data: the form draws them, and the local mutator and the server check
 * answers against them (see answers.ts). Zod-free, so a screen can import the texts alone.
 * Keys are the spec's answer names; a question's `label` is its short name in messages and the chart.
 */

export const SURVEY_TYPES = ['pre', 'post'] as const;
export type SurveyType = (typeof SURVEY_TYPES)[number];
export function isSurveyType(value: string): value is SurveyType {
  return (SURVEY_TYPES as readonly string[]).includes(value);
}
export const SURVEY_TYPE_LABELS: Record<SurveyType, string> = { pre: '施術前', post: '施術後' };

export type Option = { value: string; label: string };

type Common = { key: string; text: string; label: string; required: boolean };
/** 1-max stars (the spec's rating). */
export type StarsQuestion = Common & { kind: 'stars'; max: number; lowLabel: string; highLabel: string };
/** A whole number min-max on a row of buttons. */
export type ScaleQuestion = Common & { kind: 'scale'; min: number; max: number; lowLabel: string; highLabel: string };
/** One of the options. */
export type ChoiceQuestion = Common & { kind: 'choice'; options: readonly Option[] };
/** Any of the options; required means at least one. */
export type MultiQuestion = Common & { kind: 'multi'; options: readonly Option[] };
/** Free text up to maxLength characters. */
export type TextQuestion = Common & { kind: 'text'; maxLength: number };
export type Question = StarsQuestion | ScaleQuestion | ChoiceQuestion | MultiQuestion | TextQuestion;

const options = (...labels: Array<[string, string]>): Option[] => labels.map(([value, label]) => ({ value, label }));

/** The spec's pain areas; the values are the Japanese names, as the spec lists them. */
export const PAIN_AREAS = ['首', '肩', '腰', '膝', '頭', 'その他'] as const;

export const SURVEY_QUESTIONS: Record<SurveyType, readonly Question[]> = {
  pre: [
    {
      key: 'pain_level',
      kind: 'stars',
      max: 5,
      label: '痛みの強さ',
      text: 'いまの痛みの強さを星の数で教えてください',
      lowLabel: 'ほとんど痛くない',
      highLabel: 'とても痛い',
      required: true,
    },
    {
      key: 'pain_areas',
      kind: 'multi',
      label: '痛む部位',
      text: '痛みや不調のある部位をすべて選んでください',
      options: PAIN_AREAS.map((area) => ({ value: area, label: area })),
      required: true,
    },
    {
      key: 'sleep_quality',
      kind: 'choice',
      label: '睡眠',
      text: '最近、よく眠れていますか',
      options: options(
        ['very_good', 'とてもよく眠れる'],
        ['good', 'よく眠れる'],
        ['fair', 'ふつう'],
        ['poor', 'あまり眠れない'],
        ['very_poor', 'ほとんど眠れない'],
      ),
      required: true,
    },
    {
      key: 'stress_level',
      kind: 'scale',
      min: 0,
      max: 10,
      label: 'ストレス',
      text: '最近のストレスの強さを0から10で教えてください',
      lowLabel: 'まったくない',
      highLabel: 'とても強い',
      required: true,
    },
    {
      key: 'expectations',
      kind: 'text',
      maxLength: 1000,
      label: 'ご要望',
      text: '今日の施術へのご要望や、期待することがあればお書きください（任意）',
      required: false,
    },
  ],
  post: [
    {
      key: 'pain_improvement',
      kind: 'stars',
      max: 5,
      label: '痛みの改善',
      text: '施術の前と比べて、痛みはどのくらい楽になりましたか',
      lowLabel: '変わらない',
      highLabel: 'とても楽になった',
      required: true,
    },
    {
      key: 'satisfaction',
      kind: 'scale',
      min: 0,
      max: 10,
      label: '満足度',
      text: '今日の施術の満足度を0から10で教えてください',
      lowLabel: '不満',
      highLabel: 'とても満足',
      required: true,
    },
    {
      key: 'comfort',
      kind: 'choice',
      label: '心地よさ',
      text: '施術中の心地よさはいかがでしたか',
      options: options(
        ['very_comfortable', 'とても心地よかった'],
        ['comfortable', '心地よかった'],
        ['neutral', 'ふつう'],
        ['uncomfortable', '少し不快だった'],
        ['very_uncomfortable', '不快だった'],
      ),
      required: true,
    },
    {
      key: 'side_effects',
      kind: 'choice',
      label: '施術後の症状',
      text: '施術のあと、だるさや痛みなど気になる症状はありますか',
      options: options(['none', 'ない'], ['mild', '少しある'], ['yes', 'ある']),
      required: true,
    },
    {
      key: 'recommend',
      kind: 'choice',
      label: 'おすすめ度',
      text: 'ご家族やご友人にこの施術をすすめたいと思いますか',
      options: options(
        ['definitely', 'ぜひすすめたい'],
        ['probably', 'すすめたい'],
        ['unsure', 'どちらともいえない'],
        ['no', 'すすめたくない'],
      ),
      required: true,
    },
    {
      key: 'comments',
      kind: 'text',
      maxLength: 1000,
      label: 'ご感想',
      text: 'ご感想やお気づきの点があればお書きください（任意）',
      required: false,
    },
  ],
};

/** One answer: stars and scales are numbers, a choice its option's value, a multi its values, text a string. */
export type AnswerValue = number | string | string[];
export type SurveyAnswers = Record<string, AnswerValue>;

export function questionOf(type: SurveyType, key: string): Question | undefined {
  return SURVEY_QUESTIONS[type].find((q) => q.key === key);
}

/** An answer as a person reads it: ★★★☆☆, 7 / 10, an option's label, areas joined by 「、」. */
export function formatAnswer(question: Question, value: AnswerValue | undefined): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '未回答';
  switch (question.kind) {
    case 'stars':
      return typeof value === 'number'
        ? '★'.repeat(value) + '☆'.repeat(Math.max(0, question.max - value))
        : String(value);
    case 'scale':
      return `${String(value)} / ${question.max}`;
    case 'choice':
      return question.options.find((o) => o.value === value)?.label ?? String(value);
    case 'multi':
      return (Array.isArray(value) ? value : [value])
        .map((v) => question.options.find((o) => o.value === v)?.label ?? String(v))
        .join('、');
    case 'text':
      return String(value);
  }
}

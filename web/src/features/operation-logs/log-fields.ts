import { formatBytes } from '../../components/media-thumb/format';

/** One fact of a log entry as staff read it: a Japanese label and its value in words. */
export type LogField = { label: string; value: string };

const ENGINES: Record<string, string> = { device: 'この端末', server: 'サーバー' };
const DIRECTIONS: Record<string, string> = { push: '送信', pull: '受信' };
const SOURCES: Record<string, string> = { photo: '写真', camera: 'カメラ', upload: 'ファイル' };

// Own keys only: a key such as `__proto__` sent by a device must not find an object's insides.
const word = (words: Record<string, string>, value: unknown) =>
  typeof value === 'string' ? (Object.hasOwn(words, value) ? words[value]! : value) : text(value);
const ms = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value)
    ? `${Math.round(value).toLocaleString('ja-JP')}ミリ秒`
    : text(value);
const people = (value: unknown) =>
  typeof value === 'number'
    ? `${value}人`
    : Array.isArray(value) && value.every((n) => typeof n === 'number')
      ? `${value.join('・')}人目`
      : text(value);

/** Any other value, short: text as it is, yes/no in words, anything else as one line (at most 200 characters). */
function text(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'はい' : 'いいえ';
  const shown = typeof value === 'string' ? value : (JSON.stringify(value) ?? '—');
  return shown.length > 200 ? `${shown.slice(0, 199)}…` : shown;
}

type Known = Record<string, { label: string; show: (value: unknown) => string }>;

/** What the app's screens put in an entry's `data` (face-operation-log.ts, http-transport.ts, operation-log.ts). */
const DATA: Known = {
  engine: { label: '分析の方法', show: (v) => word(ENGINES, v) },
  source: { label: '画像の入手元', show: (v) => word(SOURCES, v) },
  imageType: { label: '画像の形式', show: text },
  imageBytes: { label: '画像の大きさ', show: (v) => (typeof v === 'number' ? formatBytes(v) : text(v)) },
  faces: { label: '顔', show: people },
  processingTime: { label: '処理時間', show: ms },
  direction: { label: '同期', show: (v) => word(DIRECTIONS, v) },
  online: { label: '通信状態', show: (v) => (typeof v === 'boolean' ? (v ? 'オンライン' : 'オフライン') : text(v)) },
};

/** What an API answer kept with an entry says. */
const ANSWER: Known = {
  success: { label: '結果', show: (v) => (typeof v === 'boolean' ? (v ? '成功' : '失敗') : text(v)) },
  status: { label: 'ステータス', show: text },
  engine: DATA.engine!,
  error: { label: 'エラーの内容', show: text },
  message: { label: 'メッセージ', show: text },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stored JSON text read back; text that is not JSON stays text. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function fieldsOf(value: Record<string, unknown>, known: Known, skip: readonly string[] = []): LogField[] {
  return Object.entries(value)
    .filter(([key]) => !skip.includes(key))
    .map(([key, v]) =>
      Object.hasOwn(known, key)
        ? { label: known[key]!.label, value: known[key]!.show(v) }
        : { label: `その他（${key}）`, value: text(v) },
    );
}

/** An entry's `data` as labelled facts (分析の方法 この端末, 通信状態 オンライン); none when it has none. */
export function dataFields(value: unknown): LogField[] {
  const data = parsed(value);
  if (data === null || data === undefined) return [];
  return isRecord(data) ? fieldsOf(data, DATA) : [{ label: '内容', value: text(data) }];
}

/** An API answer as labelled facts: 結果, the faces found and the time taken in place of its raw data. */
export function answerFields(value: unknown): LogField[] {
  const answer = parsed(value);
  if (answer === null || answer === undefined) return [];
  if (!isRecord(answer)) return [{ label: '内容', value: text(answer) }];
  const fields = fieldsOf(answer, ANSWER, ['data']);
  const data = answer.data;
  if (isRecord(data)) {
    const result = isRecord(data.analysisResult) ? data.analysisResult : data;
    if (Array.isArray(result.faces)) fields.push({ label: '検出した顔', value: `${result.faces.length}人` });
    if (data.processingTime !== undefined) fields.push({ label: '処理時間', value: ms(data.processingTime) });
  } else if (data !== undefined && data !== null) {
    fields.push({ label: '内容', value: text(data) });
  }
  return fields;
}

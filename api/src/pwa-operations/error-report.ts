import type { ErrorReport } from '@clinic/sync-protocol/admin';
import { fromFlag } from '../db/dialect';
import { readJson, toEntry } from './operation-log.entry';
import type { OperationLogRow } from './operation-log.table';

/** The checks, named as staff read them. */
export const CHECKS = {
  noError: 'エラーの有無',
  online: 'オンラインで操作された',
  photo: '写真が添付されている',
  responded: '分析・通信の応答があった',
  succeeded: '分析・通信が成功した',
  hasData: '分析結果にデータがある',
  faceFound: '顔が検出された',
  displayed: '結果を画面に表示できた',
} as const;
type Check = keyof typeof CHECKS;

/** What to do when a check fails, for clinic staff. */
// A photo is never missing on purpose any more (see errorReport), so it has no advice.
export const ADVICE: Record<Exclude<Check, 'photo'>, string> = {
  noError: '同じ操作をもう一度お試しください。何度も同じエラーになる場合は、このレポートを管理者に伝えてください。',
  online: 'インターネットに接続されていませんでした。Wi-Fiなどの接続を確認してから、もう一度お試しください。',
  responded: '分析・通信の応答がありませんでした。接続を確認し、しばらく待ってからもう一度お試しください。',
  succeeded: '分析・通信が失敗しました。しばらく待ってからもう一度お試しください。続く場合は管理者に連絡してください。',
  hasData: '分析結果が空でした。写真を撮り直して、もう一度分析してください。',
  faceFound: '顔が正面を向き、明るい場所で撮影してください。顔全体が写るよう、カメラとの距離を調整してください。',
  displayed:
    '分析は終わりましたが、結果を画面に表示できませんでした。ページを再読み込みしてから、もう一度お試しください。',
};

const DISPLAY_ERRORS = ['emotion_display_error', 'age_gender_display_error'];
/** The face analysis' operations that come after its answer, so have one to check. */
const ANSWERED = ['face_analysis_success', 'face_analysis_error', ...DISPLAY_ERRORS];
const isFaceOperation = (operation: string) => operation === 'face_analysis_start' || ANSWERED.includes(operation);

/** navigator.onLine as the device put it in `data.online`, or null when it did not say. */
function onlineOf(row: OperationLogRow): boolean | null {
  const data = readJson(row.data);
  if (data === null || typeof data !== 'object' || !('online' in data)) return null;
  return typeof data.online === 'boolean' ? data.online : null;
}

type Result = [Check, boolean];

/** The API's answer, checked step by step: no answer means no data and no face, so order matters. */
function answerChain(row: OperationLogRow): Result[] {
  if (ANSWERED.includes(row.operation)) {
    return [
      ['responded', fromFlag(row.api_called)],
      ['succeeded', fromFlag(row.api_ok)],
      ['hasData', fromFlag(row.api_has_data)],
      ['faceFound', Number(row.api_face_count) > 0],
      ['displayed', !DISPLAY_ERRORS.includes(row.operation)],
    ];
  }
  return fromFlag(row.api_called) ? [['succeeded', fromFlag(row.api_ok)]] : [];
}

/**
 * Checks read from the stored entry, and advice for the failed ones: for the chain of the API's
 * answer only its first failure (the cause to act on), and the general advice for an error only when
 * no cause was found.
 */
export function errorReport(row: OperationLogRow): ErrorReport {
  const online = onlineOf(row);
  const offline: Result[] = online === null ? [] : [['online', online]];
  // The app no longer sends a patient's photo with an error (要配慮個人情報 on an endpoint without login),
  // so a missing photo is the normal case and no advice; an older entry that has one says so.
  const photo: Result[] = isFaceOperation(row.operation) && row.photo_mime !== null ? [['photo', true]] : [];
  const chain = answerChain(row);
  const firstFailure = chain.find(([, passed]) => !passed);
  const causes = [...offline, ...(firstFailure ? [firstFailure] : [])].filter(([, passed]) => !passed);
  const hasError = fromFlag(row.has_error);
  const noError: Result = ['noError', !hasError];
  const failed = [...(causes.length === 0 ? [noError] : []), ...causes].filter(([, passed]) => !passed);
  return {
    entry: toEntry(row),
    diagnostics: Object.fromEntries(
      [noError, ...offline, ...photo, ...chain].map(([check, passed]) => [CHECKS[check], passed]),
    ),
    recommendations: failed.flatMap(([check]) => (check === 'photo' ? [] : [ADVICE[check]])),
  };
}

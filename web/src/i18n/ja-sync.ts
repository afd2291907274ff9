/** The words of the sync bar and its 同期の状況 drawer (kept apart from ja.ts, which grew past 400 lines). */
export const jaSyncStatus = {
  /** The status button and the drawer it opens share this name. */
  title: '同期の状況',
  buttonLabel: (state: string) => `同期の状況：${state}`,
  online: 'オンライン',
  offline: 'オフライン',
  pending: (n: number) => `未同期 ${n}件`,
  synced: '同期済み',
  syncing: '同期中',
  lastSynced: (time: string) => `最終同期 ${time}`,
  /** What is true now, in one sentence: offline is normal, only a failing server is a problem. */
  states: {
    synced: 'すべての変更は同期済みです。',
    /** Before the device has been read once (a moment after opening): nothing is claimed yet. */
    checking: '送信待ちの変更を確認しています。',
    pending: (n: number) => `送信待ちの変更が${n}件あります。まもなく自動で送信します。`,
    offline: 'オフラインです。変更はこの端末に保存され、接続が戻ると自動で送信します。',
    offlinePending: (n: number) => `オフラインです。${n}件の変更はこの端末に保存済みで、接続が戻ると自動で送信します。`,
    serverProblem:
      'サーバーに接続できませんでした。変更はこの端末に保存されています。しばらくしてから自動で再送信します。',
    updateRequired: 'アプリの更新が必要です。変更はこの端末に保存されており、更新後に自動で送信します。',
  },
  problems: (n: number) => `確認が必要な変更が${n}件あります。`,
  detail: (message: string) => `詳細：${message}`,
  /** 同期の状況's list of what waits, each in a receptionist's words. */
  waitingHeading: '送信待ち',
  /** 「山田 花子」の来院記録（2026-12-02） with two changes waiting: …（変更 2件）. */
  waitingChanges: (record: string, n: number) => (n > 1 ? `${record}（変更 ${n}件）` : record),
  /** Photo and video files not yet sent: 写真 1件. */
  waitingFiles: (kind: string, n: number) => `${kind} ${n}件`,
  /** A file whose record this device no longer has. */
  fileKind: '写真・動画',
} as const;

export const jaSyncProblems = {
  rejectedHeading: 'サーバーが受け付けなかった変更',
  conflictsHeading: '上書きされた値',
  unknownMutation: '変更',
  unknownRecord: '（不明な記録）',
  changedFields: (labels: string) => `変更した項目：${labels}`,
  reason: (reason: string) => `理由：${reason}`,
  retry: '新しい変更として再試行',
  retried: '新しい変更として保存しました',
  retryFailed: (message: string) => `再試行できませんでした：${message}`,
  notKept: '変更の内容が大きすぎてサーバーに残せなかったため、再試行できません。お手数ですがもう一度入力してください',
  discard: '破棄',
  discardConfirm: 'この変更を破棄しますか？',
  cancel: 'キャンセル',
  /** 「山田 花子」の電話番号：staff1さんが入力した「03-…」が、adminさんの変更で「03-…」に置き換わりました */
  conflict: (c: {
    record: string;
    field: string;
    lost: string;
    lostBy: string | null;
    value: string;
    by: string | null;
  }) =>
    `${c.record}の${c.field}：${c.lostBy ? `${c.lostBy}さんが入力した` : ''}${c.lost}が、${c.by ? `${c.by}さんの変更で` : '別の変更で'}${c.value}に置き換わりました`,
  conflictRecord: (record: string, field: string) => `${record}の${field}`,
  emptyValue: '（空欄）',
  /** An empty value inside a sentence. */
  blank: '空欄',
  revert: '元の値に戻す',
  reverted: '元の値に戻しました',
  revertFailed: (message: string) => `元の値に戻せませんでした：${message}`,
  cannotRevert: 'この項目は、このバージョンのアプリでは元に戻せません',
  revertGone: '対象の記録がこの端末にないため、元の値に戻せません',
  acknowledge: '確認済みにする',
} as const;

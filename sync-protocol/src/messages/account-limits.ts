/**
 * What one account may leave on the server, and the words when it has reached it (issue 35). The
 * device keeps what was refused and sends it again later: nothing of a refused request is stored.
 */
export const ACCOUNT_LIMIT_CODES = {
  /** 429: a push would store more refused changes than one push, or one account in a day, may. */
  rejections: 'REJECTION_LIMIT',
  /** 429: the account has too many uploads under way, or has sent its day's bytes of photos and videos. */
  uploads: 'UPLOAD_LIMIT',
} as const;

export const ACCOUNT_LIMIT_MESSAGES = {
  rejections:
    'サーバーで適用できなかった変更が多すぎるため、残りの変更は送信を保留しました。この端末の未送信の変更は消えずに残り、あとで送信されます。続く場合は管理者に連絡してください',
  openUploads:
    'このアカウントで同時に進めているアップロードが多すぎます。写真・動画はこの端末に残り、ほかのアップロードが終わってから送信されます',
  dailyUploadBytes:
    'このアカウントから本日アップロードできる写真・動画の量を超えました。写真・動画はこの端末に残り、明日以降に送信されます',
} as const;

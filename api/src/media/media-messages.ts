import { MEDIA_MESSAGES, type MediaKind } from '@clinic/sync-protocol';

/** What the server says about photos and videos, for a receptionist (the shared rules' texts first). */
export const MEDIA_SERVER_MESSAGES = {
  ...MEDIA_MESSAGES,
  notSynced: 'この写真・動画の記録がまだサーバーにありません。同期が終わってからもう一度お試しください',
  uploadIdMissing: 'アップロードする写真・動画が指定されていません',
  alreadyUploaded: 'この写真・動画は既にアップロードされています',
  deleted: 'この写真・動画は削除されています',
  lengthMismatch: 'ファイルの大きさが撮影時の記録と一致しません',
  typeMismatch: 'ファイルの種類が撮影時の記録と一致しません',
  otherContent: 'この写真・動画は別の内容で既に登録されています',
  notUploaded: 'この写真・動画はまだアップロードされていません',
  noThumbnail: 'サムネイルがありません',
  posterNotVideo: '動画ではないため、サムネイルを登録できません',
  posterNotJpeg: 'サムネイルはJPEG画像で送ってください',
  posterTooLarge: 'サムネイルは1MB以下にしてください',
  linkInvalid: 'リンクが正しくないか、有効期限が切れています。もう一度開いてください',
  badRange: '指定されたファイルの範囲が正しくありません',
  fileRequired: 'ファイルを選択してください',
  badField: '送信された項目が正しくありません',
  customerIdInvalid: '顧客IDが正しくありません',
  methodRefused: 'この操作はできません',
  uploadFailed: 'ファイルの保存に失敗しました。もう一度お試しください',
} as const;

export const tooLargeMessage = (kind: MediaKind) =>
  kind === 'photo' ? MEDIA_MESSAGES.photoTooLarge : MEDIA_MESSAGES.videoTooLarge;

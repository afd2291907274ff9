import { type MediaMime, SNIFF_BYTES, sniffMediaType } from '../media/media-rules';

/**
 * The photo an expression analysis takes (spec 5 "Face analysis image"): JPEG, PNG or GIF, at most
 * 5 MB, recognised from its first bytes. The screen and the server check the same rules.
 */
export const FACE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const satisfies readonly MediaMime[];
export type FaceImageType = (typeof FACE_IMAGE_TYPES)[number];
export const FACE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The spec's texts (section 8 "Face analysis" and 5 "Face analysis image"), word for word. */
export const FACE_MESSAGES = {
  notImage: '画像ファイルを選択してください',
  tooLarge: 'ファイルサイズは5MB以下にしてください',
  noImage: '分析する画像を選択してください',
  cameraDenied: 'カメラへのアクセスが拒否されました。ブラウザの設定を確認してください。',
  noFace: '顔が検出されませんでした',
  analysisError: (reason: string) => `分析エラー: ${reason}`,
  analysisFailed: '分析に失敗しました',
  success: '表情分析が完了しました！顔が検出され、感情分析を行いました。',
} as const;

export { SNIFF_BYTES as FACE_SNIFF_BYTES };

/** The image's type, or the message that refuses it. `head` is at least the file's first 16 bytes. */
export function checkFaceImage(
  head: Uint8Array,
  size: number,
): { ok: true; type: FaceImageType } | { ok: false; message: string } {
  const type = sniffMediaType(head);
  if (!type || !(FACE_IMAGE_TYPES as readonly string[]).includes(type))
    return { ok: false, message: FACE_MESSAGES.notImage };
  if (size > FACE_IMAGE_MAX_BYTES) return { ok: false, message: FACE_MESSAGES.tooLarge };
  return { ok: true, type: type as FaceImageType };
}

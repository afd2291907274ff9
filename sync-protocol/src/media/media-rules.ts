/**
 * Photos and videos: what may be stored and how it is named. Zod-free, so the camera screen and the
 * uploader use it without loading the schemas; the server checks the same rules (spec 9, issue 11).
 */
export const MEDIA_KINDS = ['photo', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The only types stored, as recognised from the file's first bytes, never from its name or header. */
export const MEDIA_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'video/webm', 'video/mp4'] as const;
export type MediaMime = (typeof MEDIA_MIME_TYPES)[number];

const MB = 1024 * 1024;
export const MEDIA_LIMITS = {
  /** Largest photo stored. */
  photoBytes: 10 * MB,
  /** Largest video stored. */
  videoBytes: 500 * MB,
} as const;

export const MEDIA_MESSAGES = {
  typeRefused: 'JPEG・PNG・GIF の写真か WebM・MP4 の動画だけを保存できます',
  photoTooLarge: '写真は10MB以下にしてください',
  videoTooLarge: '動画は500MB以下にしてください',
  kindMismatch: 'ファイルの種類が写真・動画の区別と合っていません',
  customerRequired: '顧客を選択してください',
} as const;

export function kindOfMime(mime: MediaMime): MediaKind {
  return mime.startsWith('image/') ? 'photo' : 'video';
}

export function sizeLimitOf(kind: MediaKind): number {
  return kind === 'photo' ? MEDIA_LIMITS.photoBytes : MEDIA_LIMITS.videoBytes;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

/** How many first bytes sniffMediaType needs. */
export const SNIFF_BYTES = 16;

/**
 * The file's real type from its first bytes (at least SNIFF_BYTES), or null for anything else: an SVG,
 * an HTML page or a script renamed .jpg is refused, whatever its name or declared type say.
 */
export function sniffMediaType(bytes: Uint8Array): MediaMime | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // GIF87a or GIF89a.
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  // EBML header; WebM and Matroska share it, and browsers record WebM.
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  // ISO base media: a box size, then `ftyp`.
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return 'video/mp4';
  return null;
}

/** The extension a stored file gets. */
export function extensionOf(mime: MediaMime): string {
  return { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'video/webm': 'webm', 'video/mp4': 'mp4' }[
    mime
  ];
}

/**
 * The name a capture downloads under, made from its time: videos `video_original_{timestamp}.webm`
 * (spec 9), photos `photo_{timestamp}.jpg`. Never the name of the file someone picked.
 */
export function mediaFileName(kind: MediaKind, mime: MediaMime, capturedAt: string): string {
  const stamp = new Date(capturedAt).getTime();
  return `${kind === 'video' ? 'video_original' : 'photo'}_${Number.isFinite(stamp) ? stamp : 0}.${extensionOf(mime)}`;
}

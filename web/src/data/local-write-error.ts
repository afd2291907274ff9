export const LOCAL_WRITE_MESSAGES = {
  storageFull:
    '端末の保存容量が不足しているため保存できませんでした。入力内容はそのまま残っています。不要なデータを整理するか、同期してから再度保存してください。',
  storageFailed: '端末への保存に失敗しました。入力内容はそのまま残っています。もう一度お試しください。',
} as const;

/** A local write that was refused before anything was stored: the form keeps what was typed. */
export class LocalWriteError extends Error {
  constructor(
    message: string,
    readonly kind: 'validation' | 'storageFull' | 'storage',
  ) {
    super(message);
    this.name = 'LocalWriteError';
  }
}

export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const inner = (error as Error & { inner?: unknown }).inner;
  return error.name === 'QuotaExceededError' || (inner instanceof Error && inner.name === 'QuotaExceededError');
}

export function toLocalWriteError(error: unknown): LocalWriteError {
  if (error instanceof LocalWriteError) return error;
  if (isQuotaError(error)) return new LocalWriteError(LOCAL_WRITE_MESSAGES.storageFull, 'storageFull');
  return new LocalWriteError(LOCAL_WRITE_MESSAGES.storageFailed, 'storage');
}

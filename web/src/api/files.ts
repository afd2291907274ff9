import { apiFetch } from './client';
import type { ReadAnswer } from './http';

export type DownloadedFile = { blob: Blob; fileName: string | null };

/** A file answer: its bytes and the name the server gave it (Content-Disposition), if any. */
export const readFile: ReadAnswer<DownloadedFile> = async (res) => {
  const disposition = res.headers.get('content-disposition') ?? '';
  return { blob: await res.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
};

/**
 * A file the server sends for download (a device log's JSON, the access log's CSV, a photo), through
 * the one request path. Rejects with an ApiError carrying the status, which the screens show (spec 8:
 * download failures name the status). `timeoutMs` for files that may be large (videos).
 */
export const fetchFile = (path: string, timeoutMs?: number): Promise<DownloadedFile> =>
  apiFetch(path, { timeoutMs }, readFile);

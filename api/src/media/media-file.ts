import type { ByteRange } from './media-range';

/** Headers every served file carries: the stored type, which the browser must not second-guess. */
const baseHeaders = (mime: string, disposition: string) => ({
  'Content-Type': mime,
  'X-Content-Type-Options': 'nosniff',
  'Content-Disposition': disposition,
  'Accept-Ranges': 'bytes',
});

/** `inline`, or `attachment` with the capture's own name (made from its time, ASCII, never the client's). */
export const dispositionOf = (fileName: string, download: boolean) =>
  download ? `attachment; filename="${fileName}"` : `inline; filename="${fileName}"`;

/**
 * A file (or one range of it) streamed from disk, never read whole into memory: a 500 MB video
 * plays from the first bytes, and a seek asks for the range it needs.
 */
export async function streamFile(
  read: (start: number, end: number) => Promise<ReadableStream<Uint8Array>>,
  size: number,
  range: ByteRange | null,
  headers: { mime: string; disposition: string },
): Promise<Response> {
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : end - start + 1;
  const out: Record<string, string> = {
    ...baseHeaders(headers.mime, headers.disposition),
    'Content-Length': String(length),
  };
  if (range) out['Content-Range'] = `bytes ${start}-${end}/${size}`;
  const body = length === 0 ? null : await read(start, end);
  return new Response(body, { status: range ? 206 : 200, headers: out });
}

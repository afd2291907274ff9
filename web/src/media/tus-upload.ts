import { authorizationHeader, renewRefused } from '../api/bearer';
import { deviceHeaders } from '../api/device-identity';

/** Pieces of 4 MB: a cut connection costs at most one piece, and progress moves often enough. */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
export const TUS_ENDPOINT = '/api/media/tus';

export type UploadTarget = { id: string; mime: string };
/** Refused for good by the server (its Japanese reason), or failed for now (network, server busy). */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/** A refusal that sending again cannot change: the file itself is wrong for the server. */
const isPermanent = (status: number) =>
  status >= 400 && status < 500 && ![401, 404, 408, 409, 423, 429].includes(status);

export type TusUpload = { done: Promise<void>; abort: () => void };

/**
 * Sends one capture by the tus protocol. Its URL is fixed by the capture's id, so every attempt —
 * after a cut, a reload or in another tab — first asks the server how many bytes it holds (HEAD) and
 * goes on from there; an upload the server already has whole ends at once. tus-js-client loads only here.
 */
export function tusUpload(
  blob: Blob,
  target: UploadTarget,
  onProgress: (sent: number, total: number) => void,
): TusUpload {
  let abort = () => undefined as void;
  const done = import('tus-js-client').then(
    ({ Upload }) =>
      new Promise<void>((resolve, reject) => {
        let renewed = false;
        const upload = new Upload(blob, {
          endpoint: new URL(TUS_ENDPOINT, location.origin).href,
          uploadUrl: new URL(`${TUS_ENDPOINT}/${target.id}`, location.origin).href,
          chunkSize: UPLOAD_CHUNK_BYTES,
          // Short blips are retried here; longer outages by the uploader's own backoff.
          retryDelays: [0, 1000, 3000, 5000],
          metadata: { mediaId: target.id, filetype: target.mime },
          storeFingerprintForResuming: false,
          async onBeforeRequest(request) {
            request.setHeader('Authorization', await authorizationHeader());
            // The device by its name in the access log (施術室1), as every other request of the app.
            for (const [name, value] of Object.entries(deviceHeaders())) request.setHeader(name, value);
          },
          // An expired token: renewed here, once per refusal, so the retry below goes with the new one.
          async onAfterResponse(request, response) {
            renewed = response.getStatus() === 401 && (await renewRefused(request.getHeader('Authorization')));
          },
          onShouldRetry(error) {
            const status = error.originalResponse?.getStatus() ?? 0;
            if (status === 401) return renewed;
            return status === 0 || !(status >= 400 && status < 500) || [408, 423, 429].includes(status);
          },
          onProgress: onProgress,
          onSuccess: () => resolve(),
          onError(error) {
            const response = 'originalResponse' in error ? error.originalResponse : null;
            const status = response?.getStatus() ?? null;
            const body = response?.getBody()?.trim() ?? '';
            const permanent = status !== null && isPermanent(status);
            // A refusal for good, or a cap for now (429), is told in the server's own Japanese words.
            const told = (permanent || status === 429) && body;
            reject(new UploadFailure(told ? body : error.message, permanent, status));
          },
        });
        abort = () => void upload.abort();
        upload.start();
      }),
  );
  return { done, abort: () => abort() };
}

import { Server } from '@tus/server';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import { MESSAGES } from '../http/envelope';
import { requestInfo } from '../http/request-info';
import { MediaRefused, type MediaDeps, type Uploader, finishUpload, liveMedia } from './media-finish';
import { MEDIA_SERVER_MESSAGES as M, tooLargeMessage } from './media-messages';
import { isMediaId } from './media-store';

/** Where the tus protocol is served; an upload's URL is this plus the media id. */
export const TUS_PATH = '/api/media/tus';
const TUS_METHODS = new Set(['POST', 'HEAD', 'PATCH', 'OPTIONS']);

/**
 * The upload that may be created: the id named in the metadata must be a capture the server already
 * holds (synced first), live and not yet uploaded, and Upload-Length must be its recorded size within
 * its kind's limit. The upload's id is that media id, so a capture can only ever have one file.
 */
async function uploadIdFor(
  deps: MediaDeps,
  req: Request,
  metadata: Record<string, string | null> | undefined,
  by: Uploader,
): Promise<string> {
  const id = metadata?.mediaId;
  if (!isMediaId(id)) throw new MediaRefused(400, M.uploadIdMissing);
  const row = await liveMedia(deps.db, id);
  if (Number(row.uploaded)) throw new MediaRefused(409, M.alreadyUploaded);
  const length = req.headers.get('upload-length');
  if (length === null || Number(length) !== Number(row.size)) throw new MediaRefused(400, M.lengthMismatch);
  if (Number(row.size) > deps.store().sizeLimit(row.kind)) throw new MediaRefused(413, tooLargeMessage(row.kind));
  deps.budget?.begin(by.user.id, id, Number(row.size));
  return id;
}

/** tus's own refusals are protocol English; the person sees these instead. */
function tusRefusal(status: number): string {
  if (status === 404 || status === 410) return M.notUploaded;
  if (status === 409) return 'アップロードの途中経過が合いません。もう一度お試しください';
  if (status === 413) return MESSAGES.tooLarge;
  return status >= 500 ? MESSAGES.internal : MESSAGES.malformed;
}

/**
 * The tus endpoint (`@tus/server` over the shared FileStore), behind the app's bearer check (the
 * route mounts requireAuth first). A file that arrives whole is checked and marked by finishUpload.
 */
export function tusHandler(deps: MediaDeps) {
  // The hooks get the Request tus was handed; this carries who sent it from the Hono route to them.
  const uploaders = new WeakMap<Request, Uploader>();
  const uploaderOf = (req: Request): Uploader => {
    const uploader = uploaders.get(req);
    if (!uploader) throw new Error('tus request without a checked user');
    return uploader;
  };
  let server: Server | undefined;
  const tus = () =>
    (server ??= new Server({
      path: TUS_PATH,
      datastore: deps.store().files,
      locker: deps.store().locker,
      relativeLocation: true,
      maxSize: () => Math.max(deps.store().limits.photoBytes, deps.store().limits.videoBytes),
      namingFunction: (req, metadata) => uploadIdFor(deps, req, metadata, uploaderOf(req)),
      onUploadFinish: async (req, upload) => {
        await finishUpload(deps, upload.id, uploaderOf(req), 'tus');
        deps.budget?.finished(upload.id);
        return {};
      },
      onResponseError: (_req, error) => {
        if (error instanceof MediaRefused) return { status_code: error.status, body: error.message };
        const status = 'status_code' in error ? error.status_code : 500;
        if (status >= 500) console.error('tus upload failed:', error);
        return { status_code: status, body: tusRefusal(status) };
      },
    }));

  /**
   * A HEAD for a capture whose whole file is on disk but not yet marked (the server stopped between
   * the last byte and the mark) finishes it first, so a resuming client that sees offset == length
   * and stops there still leaves the capture uploaded.
   */
  async function finishIfWhole(id: string, by: Uploader): Promise<void> {
    const row = await liveMedia(deps.db, id).catch(() => null);
    if (!row || Number(row.uploaded)) return;
    const upload = await deps.store().upload(id);
    if (upload?.size === undefined || upload.offset !== upload.size) return;
    await finishUpload(deps, id, by, 'tus').catch((error: unknown) => {
      if (!(error instanceof MediaRefused)) throw error;
    });
  }

  return async (c: Context<AppEnv>): Promise<Response> => {
    // Hono routes a HEAD as a GET; the raw request keeps the real method.
    const req = c.req.raw;
    if (!TUS_METHODS.has(req.method))
      return new Response(M.methodRefused, { status: 405, headers: { Allow: [...TUS_METHODS].join(', ') } });
    const id = c.req.param('id');
    if (id !== undefined && !isMediaId(id)) return new Response(M.notUploaded, { status: 404 });
    const by: Uploader = { user: c.var.auth.user, ip: requestInfo(c).ip, clientId: requestInfo(c).clientId };
    uploaders.set(req, by);
    if (req.method === 'HEAD' && id !== undefined) await finishIfWhole(id, by);
    return tus().handleWeb(req);
  };
}

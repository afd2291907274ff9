import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaCreateArgs, WireMutation } from '@clinic/sync-protocol';
import sharp from 'sharp';
import { createApp } from '../app';
import { pushOk, tokenOf } from '../sync/sync-test-helpers';
import { type Body, type TestCtx, authed, call, testConfig } from '../test/harness';
import type { MediaLimits } from './media-store';
import { ACCOUNT_LIMITS, type AccountLimits } from '../http/account-limits';

export type MediaTestApp = {
  app: ReturnType<typeof createApp>;
  dir: string;
  token: string;
  clientId: string;
  /** The device's next mutation id: a push must continue the client's sequence. */
  nextMutationId: number;
  /** Sent with every tus request too: a device's X-Client-Id and name, as the app sends them. */
  headers?: Record<string, string>;
  cleanup(): void;
};

/** An app of the test's database with media in a fresh temporary folder, and an admin's token. */
export async function mediaApp(
  ctx: TestCtx,
  limits?: MediaLimits,
  accountLimits?: Partial<AccountLimits>,
): Promise<MediaTestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-media-test-'));
  const app = createApp({
    db: ctx.db,
    config: testConfig,
    media: { dir, ...(limits ? { limits } : {}) },
    accountLimits: { ...ACCOUNT_LIMITS, ...accountLimits },
  });
  const token = await tokenOf(app, ctx.admin);
  return {
    app,
    dir,
    token,
    clientId: crypto.randomUUID(),
    nextMutationId: 1,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export async function newCustomer(t: MediaTestApp, name = '山田 花子'): Promise<string> {
  const res = await call(t.app, 'POST', '/api/customers', { token: t.token, body: { name, phone: '090-1234-5678' } });
  return res.body.data.id as string;
}

export async function newVisit(t: MediaTestApp, customerId: string, date = '2026-11-22'): Promise<string> {
  const res = await call(t.app, 'POST', '/api/visits', { token: t.token, body: { customer_id: customerId, date } });
  return res.body.data.id as string;
}

// --- Files: real images (sharp) and videos with the right first bytes and a random body. ---

const random = (size: number) => new Uint8Array(Array.from({ length: size }, () => Math.floor(Math.random() * 256)));

export const jpeg = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));
export const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));
export const gif = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 160, b: 60 } } })
    .gif()
    .toBuffer()
    .then((b) => new Uint8Array(b));

export function webm(size = 4096): Uint8Array {
  const bytes = random(size);
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81]);
  return bytes;
}

export function mp4(size = 4096): Uint8Array {
  const bytes = random(size);
  bytes.set([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom'), 0, 0, 2, 0]);
  return bytes;
}

const padded = (text: string, size: number) => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode(text));
  return bytes;
};
/** An SVG with a script, as someone would rename it photo.jpg; a valid image that an image library would draw. */
export const svg = (size = 512) =>
  padded(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" onload="alert(document.cookie)"><rect width="64" height="64" fill="red"/></svg>',
    size,
  );
/** An HTML page, as someone would rename it photo.jpg. */
export const html = (size = 512) =>
  padded('<!DOCTYPE html><html><body><script>fetch("/api/customers")</script></body></html>', size);

// --- Sync ---

export function mediaArgs(
  customerId: string,
  file: Uint8Array,
  fields: Partial<MediaCreateArgs> = {},
): MediaCreateArgs {
  return {
    id: crypto.randomUUID(),
    customerId,
    visitId: null,
    kind: 'photo',
    mime: 'image/jpeg',
    size: file.length,
    duration: null,
    width: 800,
    height: 600,
    capturedAt: '2026-11-22T09:30:00.000Z',
    quality: 84.5,
    ...fields,
  };
}

export const createMutation = (t: MediaTestApp, args: MediaCreateArgs): WireMutation => ({
  id: t.nextMutationId++,
  name: 'media.create',
  clientTime: args.capturedAt,
  args,
});

/** A capture recorded on the server the way a device does it: media.create through /api/sync/push. */
export async function syncCapture(
  t: MediaTestApp,
  customerId: string,
  file: Uint8Array,
  fields: Partial<MediaCreateArgs> = {},
): Promise<MediaCreateArgs> {
  const args = mediaArgs(customerId, file, fields);
  await pushOk(t.app, t.token, t.clientId, [createMutation(t, args)]);
  return args;
}

// --- tus over app.request() ---

const TUS = { 'Tus-Resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');

export function tusCreate(
  t: MediaTestApp,
  mediaId: string,
  length: number,
  options: { token?: string | null; body?: Uint8Array } = {},
) {
  const token = options.token === undefined ? t.token : options.token;
  const headers: Record<string, string> = {
    ...TUS,
    ...t.headers,
    'Upload-Length': String(length),
    'Upload-Metadata': `mediaId ${b64(mediaId)},filetype ${b64('image/jpeg')}`,
  };
  if (token) Object.assign(headers, authed(token));
  if (options.body) headers['Content-Type'] = 'application/offset+octet-stream';
  return t.app.request('/api/media/tus', { method: 'POST', headers, ...(options.body ? { body: options.body } : {}) });
}

export function tusPatch(
  t: MediaTestApp,
  mediaId: string,
  offset: number,
  body: Uint8Array,
  token: string | null = t.token,
) {
  return t.app.request(`/api/media/tus/${mediaId}`, {
    method: 'PATCH',
    headers: {
      ...TUS,
      ...t.headers,
      ...(token ? authed(token) : {}),
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body,
  });
}

export function tusHead(t: MediaTestApp, mediaId: string, token: string | null = t.token) {
  return t.app.request(`/api/media/tus/${mediaId}`, {
    method: 'HEAD',
    headers: { ...TUS, ...(token ? authed(token) : {}) },
  });
}

/** A whole tus upload in two PATCHes, each of which must be accepted. */
export async function tusUpload(t: MediaTestApp, mediaId: string, file: Uint8Array): Promise<Response> {
  const created = await tusCreate(t, mediaId, file.length);
  if (created.status !== 201) throw new Error(`tus create: ${created.status} ${await created.text()}`);
  const half = Math.floor(file.length / 2);
  const first = await tusPatch(t, mediaId, 0, file.subarray(0, half));
  if (first.status !== 204) throw new Error(`tus patch: ${first.status} ${await first.text()}`);
  return tusPatch(t, mediaId, half, file.subarray(half));
}

// --- Multipart ---

export function multipart(
  t: MediaTestApp,
  file: Uint8Array | null,
  fields: Record<string, string>,
  fileName = 'photo.jpg',
  token: string | null = t.token,
) {
  const form = new FormData();
  if (file) form.append('file', new Blob([file], { type: 'image/jpeg' }), fileName);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return t.app.request('/api/media/upload', { method: 'POST', headers: token ? authed(token) : {}, body: form });
}

/** A response's envelope (each test asserts the shape it expects). */
export const bodyOf = async (res: Response): Promise<Body> => (await res.json()) as Body;

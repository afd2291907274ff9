import {
  EPOCH_CHANGED_CODE,
  PROTOCOL_VERSION,
  deviceRegisterResponseSchema,
  healFinishResponseSchema,
  healResponseSchema,
  healStartResponseSchema,
  pullResponseSchema,
  pushResponseSchema,
} from '@clinic/sync-protocol';
import type { z } from 'zod';
import { ApiError, networkError } from '../api/errors';
import { apiFetch, apiRequest } from '../api/client';
import { jsonRequest, readData } from '../api/http';
import { localDb } from '../data/local-db';
import { credentialHeaders } from './device-credential';
import { SyncTransportError, type SyncTransport } from './transport';
import { sendSealed } from './sealed-send';
import { isStaleKey, keepSealKey, sealPush } from './seal-push';
import { deviceHeaders } from '../api/device-identity';
import { API_TIMEOUT_MS } from '../api/http';
import type { PushRequest, PushResponse } from '@clinic/sync-protocol';

function classify(error: unknown): SyncTransportError {
  if (!(error instanceof ApiError)) return new SyncTransportError('server', '同期に失敗しました');
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return new SyncTransportError('network', error.message, error.code);
    case 'auth':
      return new SyncTransportError('auth', error.message, error.code);
    case 'server':
    case 'unknown':
      return new SyncTransportError('server', error.message, error.code);
    case 'input':
      // 429: a cap the server keeps (refused changes per push or per day): the outbox stays and is sent
      // again after a while, with the server's words shown meanwhile.
      if (error.status === 429) return new SyncTransportError('server', error.message, error.code);
      return new SyncTransportError('refused', error.message, error.code);
    case 'forbidden':
    case 'notFound':
      return new SyncTransportError('refused', error.message, error.code);
  }
}

/** The last sync failure logged: one that repeats every round is logged once per quarter hour. */
let lastLogged = { message: '', at: 0 };
const REPEAT_LOG_MS = 15 * 60_000;

/** A sync the server answered with a failure goes to the operation log; being offline is not a failure. */
function logSyncFailure(error: SyncTransportError, direction: 'push' | 'pull' | 'heal') {
  if (error.kind !== 'server' && error.kind !== 'refused') return;
  // A restored server: the engine heals and goes on, nothing failed.
  if (error.code === EPOCH_CHANGED_CODE) return;
  if (lastLogged.message === error.message && Date.now() - lastLogged.at < REPEAT_LOG_MS) return;
  lastLogged = { message: error.message, at: Date.now() };
  void import('../telemetry/operation-log')
    .then(({ logOperation }) =>
      logOperation('sync_error', { data: { direction }, error: { message: error.message, code: error.code ?? '' } }),
    )
    .catch(() => undefined);
}

/** Asks the server for this device's credential (its first sync, with the person's token). */
export const register = async (clientId: string) =>
  (
    await apiRequest('/sync/register', {
      method: 'POST',
      body: { protocolVersion: PROTOCOL_VERSION, clientId },
      schema: deviceRegisterResponseSchema,
    })
  ).credential;

/** One /api/sync call for `clientId`, proving this device's claim to it (sync/device-credential.ts). */
async function syncCall<T>(path: string, body: { clientId: string }, schema: z.ZodType<T>): Promise<T> {
  const proof = await credentialHeaders(localDb, body.clientId, register);
  const request = jsonRequest(body);
  return apiFetch(path, { method: 'POST', ...request, headers: { ...request.headers, ...proof } }, readData(schema));
}

/** The page's fetch for the sealed push: the device's name for the access log, and the app's timeout. */
const pageFetch = (url: string, init: RequestInit) =>
  fetch(url, {
    ...init,
    headers: { ...deviceHeaders(), ...init.headers },
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  });

/**
 * A push, sealed for the server and sent the one way the service worker also replays it (sealed-send.ts).
 * A key the server has rotated out is fetched again once.
 */
async function sealedPush(request: PushRequest, freshKey = false): Promise<PushResponse> {
  const body = await sealPush(localDb, request, register, { freshKey });
  if (!body) throw new SyncTransportError('auth', '同期するにはログインしてください');
  const outcome = await sendSealed(body, pageFetch);
  switch (outcome.kind) {
    case 'done':
      return pushResponseSchema.parse(outcome.data);
    case 'network':
      throw new SyncTransportError('network', networkError().message);
    case 'later':
      throw new SyncTransportError('server', outcome.message, outcome.code);
    case 'refused':
      if (isStaleKey(outcome.code) && !freshKey) return sealedPush(request, true);
      throw new SyncTransportError(outcome.status === 401 ? 'auth' : 'refused', outcome.message, outcome.code);
  }
}

/** Push and pull over /api/sync with the app's client; answers are parsed with the protocol's schemas. */
export const httpTransport: SyncTransport = {
  async push(request) {
    try {
      return await sealedPush(request);
    } catch (error) {
      const failure = error instanceof SyncTransportError ? error : classify(error);
      logSyncFailure(failure, 'push');
      throw failure;
    }
  },
  async pull(request) {
    try {
      const page = await syncCall('/sync/pull', request, pullResponseSchema);
      // While online: the key a push that cannot go later is sealed with (seal-push.ts).
      void keepSealKey(localDb);
      return page;
    } catch (error) {
      const failure = classify(error);
      logSyncFailure(failure, 'pull');
      throw failure;
    }
  },
  heal: {
    start: (request) => healCall('/sync/heal/start', request, healStartResponseSchema),
    send: (request) => healCall('/sync/heal', request, healResponseSchema),
    finish: (request) => healCall('/sync/heal/finish', request, healFinishResponseSchema),
  },
};

async function healCall<T>(path: string, body: { clientId: string }, schema: z.ZodType<T>): Promise<T> {
  try {
    return await syncCall(path, body, schema);
  } catch (error) {
    const failure = classify(error);
    logSyncFailure(failure, 'heal');
    throw failure;
  }
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { jsonResponse, loginResponse } from '../test-utils/fixtures';
import { ACCOUNT_LIMIT_MESSAGES } from '@clinic/sync-protocol';
import { httpTransport } from './http-transport';
import { SyncTransportError } from './transport';

const operations = vi.hoisted(() => ({ log: vi.fn() }));
vi.mock('../telemetry/operation-log', () => ({ logOperation: operations.log }));

const failed = (status: number, message: string) =>
  jsonResponse(status, { success: false, data: null, error: message, message, code: 'INTERNAL_ERROR' });
const pull = () =>
  httpTransport.pull({ protocolVersion: 6, clientId: 'c1', cookie: 0 }).catch((error: unknown) => error);

describe('sync failures in the operation log', () => {
  afterEach(() => {
    sessionStore.end('expired');
    vi.unstubAllGlobals();
  });

  it('logs a failure the server answered once per quarter hour, and never being offline', async () => {
    sessionStore.start(loginResponse());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(failed(500, 'サーバー内部エラーが発生しました'))),
    );
    await pull();
    await pull();
    await vi.waitFor(() => expect(operations.log).toHaveBeenCalledOnce());
    expect(operations.log).toHaveBeenCalledWith('sync_error', {
      data: { direction: 'pull' },
      error: { message: expect.stringContaining('サーバー'), code: expect.any(String) },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await pull();
    await new Promise((r) => setTimeout(r, 20));
    expect(operations.log).toHaveBeenCalledOnce();
  });

  it('reads a cap the server keeps (429) as a failure for now, with its words: the outbox is sent again later', async () => {
    sessionStore.start(loginResponse());
    const message = ACCOUNT_LIMIT_MESSAGES.rejections;
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          jsonResponse(429, { success: false, data: null, error: message, message, code: 'REJECTION_LIMIT' }),
        ),
      ),
    );
    const error = await httpTransport
      .push({ protocolVersion: 6, clientId: 'c1', mutations: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncTransportError);
    expect(error).toMatchObject({ kind: 'server', message, code: 'REJECTION_LIMIT' });
  });
});

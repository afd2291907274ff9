import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { createDb } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { call, describeEachDatabase, failure, login, testConfig } from './test/harness';

describeEachDatabase('the /api envelope', (getCtx) => {
  it('answers an unknown /api route with 404 in the envelope', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['POST', '/api/auth/nope'],
      ['GET', '/api'],
    ]) {
      const res = await call(getCtx().app, method!, path!);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(failure('NOT_FOUND', 'APIエンドポイントが見つかりません'));
    }
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const { app, db } = getCtx();
    const res = await call(app, 'POST', '/api/auth/login', { body: '{"email": "admin", ' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(failure('VALIDATION_ERROR', 'リクエストの形式が正しくありません'));
    expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const { app, db } = getCtx();
    const big = JSON.stringify({ email: 'admin', password: 'x'.repeat(1024 * 1024) });
    const res = await call(app, 'POST', '/api/auth/login', { body: big });
    expect(res.status).toBe(413);
    expect(res.body).toEqual(failure('PAYLOAD_TOO_LARGE', 'リクエストが大きすぎます'));
    expect(await db.selectFrom('audit_log').selectAll().execute()).toEqual([]);
  });

  it('GET /api/health reports the database', async () => {
    const res = await call(getCtx().app, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { status: 'ok', database: 'ok', time: expect.any(String) } });
  });

  it('sets security headers on API answers', async () => {
    const { res } = await call(getCtx().app, 'GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('content-security-policy')).toContain("connect-src 'self';");
    // Cross-origin isolated, so the face analysis's worker may run tfjs's threaded wasm (SharedArrayBuffer).
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-embedder-policy')).toBe('credentialless');
  });

  it("lets only the face worker's script load code from blob: (tfjs's threads), never a page or another script", async () => {
    const { app } = getCtx();
    const scriptSrc = async (path: string) =>
      /script-src ([^;]*)/.exec((await app.request(path)).headers.get('content-security-policy') ?? '')?.[1];
    expect(await scriptSrc('/assets/face-worker-DEwI9xxw.js')).toBe("'self' 'wasm-unsafe-eval' blob:");
    for (const path of ['/', '/customers', '/assets/index-abc.js', '/assets/face-worker-x.js.map', '/api/health'])
      expect(await scriptSrc(path)).toBe("'self' 'wasm-unsafe-eval'");
    const worker = await app.request('/assets/face-worker-DEwI9xxw.js');
    expect(worker.headers.get('cross-origin-embedder-policy')).toBe('credentialless');
  });

  it('works for the real login flow end to end with the envelope', async () => {
    const { app, admin } = getCtx();
    const { accessToken } = await login(app, admin.email, admin.password);
    expect((await call(app, 'GET', '/api/auth/me', { token: accessToken })).body.success).toBe(true);
  });
});

describe('when the database fails', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const brokenApp = async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-api-broken-'));
    dirs.push(dir);
    const db = createDb({ dataDir: dir });
    await migrateToLatest(db);
    const app = createApp({ db, config: testConfig });
    return { app, db };
  };

  it('health answers 503 with data.status error', async () => {
    const { app, db } = await brokenApp();
    await db.destroy();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await call(app, 'GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, data: { status: 'error', database: 'error' } });
    expect(log).toHaveBeenCalled();
  });

  it('an unexpected error answers 500 without leaking details, and is logged', async () => {
    const { app, db } = await brokenApp();
    await db.destroy();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await call(app, 'POST', '/api/auth/login', { body: { email: 'admin', password: 'whatever-123' } });
    expect(res.status).toBe(500);
    expect(res.body).toEqual(failure('INTERNAL_ERROR', 'サーバー内部エラーが発生しました'));
    expect(log).toHaveBeenCalled();
  });
});

describe('single-board cameras', () => {
  it('lets the pages reach only the camera origins the server names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-api-csp-'));
    const db = createDb({ dataDir: dir });
    try {
      const app = createApp({ db, config: testConfig, cameraOrigins: ['http://192.168.1.50:8000'] });
      const csp = (await app.request('/api/nope')).headers.get('content-security-policy') ?? '';
      expect(csp).toContain("connect-src 'self' http://192.168.1.50:8000;");
      expect(csp).toContain("img-src 'self' data: blob: http://192.168.1.50:8000;");
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect } from 'kysely';
import { createApp } from '../app';
import type { Database } from '../db/database';
import { openSqlite } from '../db/connect';
import { testConfig } from '../test/harness';
import { serveWeb } from './serve-web';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const LOGIN = '<!doctype html><title>ログイン</title>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('serveWeb', () => {
  let dir: string;
  let db: Kysely<Database>;
  let app: ReturnType<typeof createApp>;
  let bare: ReturnType<typeof createApp>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'clinic-web-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, 'icons'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'login.html'), LOGIN);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'index-abc123.css'), 'body{margin:0}');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install",()=>{});');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"クリニック管理システム"}');
    writeFileSync(join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(dir, 'secret.txt'), 'outside dist');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: openSqlite(join(dir, 'db.sqlite')) }) });
    app = createApp({ db, config: testConfig });
    serveWeb(app, dist);
    bare = createApp({ db, config: testConfig });
    serveWeb(bare, join(dir, 'no-such-build'));
  });
  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a hashed asset with its type and an immutable cache, gzipped when asked', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.request('/assets/index-abc123.js');
    expect(await plain.text()).toBe(SCRIPT);
    expect((await app.request('/assets/index-abc123.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('serves index.html, sw.js and the manifest with no-cache and right types', async () => {
    const index = await app.request('/');
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toBe(INDEX);
    const sw = await app.request('/sw.js');
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/icons/icon-192.png')).headers.get('content-type')).toBe('image/png');
  });

  it('falls back to index.html for app routes only', async () => {
    for (const path of ['/customers', '/pwa/dashboard', '/pwa/customers?q=1']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('answers the login routes with the static login page', async () => {
    for (const path of ['/login', '/pwa/login', '/login?redirect=%2Fcustomers', '/pwa/login/']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(LOGIN);
    }
  });

  it('answers a missing file with 404, never with index.html', async () => {
    const res = await app.request('/assets/missing-123.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<html');
    expect((await app.request('/favicon.ico')).status).toBe(404);
  });

  it('never serves files outside the build', async () => {
    const res = await app.request('/..%2Fsecret.txt');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('outside dist');
  });

  it('leaves /api to the API: JSON 404, not index.html', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
      message: 'APIエンドポイントが見つかりません',
    });
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('says plainly when the web build is missing', async () => {
    const res = await bare.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Web build is missing');
    expect((await bare.request('/customers')).status).toBe(503);
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, loadTokenSecret } from './config';

describe('config', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/clinic');
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/clinic/data',
      databaseUrl: undefined,
      adminUsername: 'admin',
      adminEmail: 'admin@clinic.local',
      adminPassword: undefined,
      tokenSecret: undefined,
      accessTokenTtlSeconds: 900,
      sessionTtlSeconds: 43200,
    });
    expect(config.webDist).toBe(fileURLToPath(new URL('../../web/dist', import.meta.url)));
  });

  it('reads the environment', () => {
    const config = loadConfig(
      { PORT: '9000', DATA_DIR: 'var', DATABASE_URL: 'postgres://x/y', ADMIN_USERNAME: 'Boss', WEB_DIST: 'build' },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/srv/var',
      databaseUrl: 'postgres://x/y',
      adminUsername: 'boss',
      webDist: '/srv/build',
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow();
    expect(() => loadConfig({ ADMIN_USERNAME: 'a b' })).toThrow();
  });

  it('refuses a TOKEN_SECRET shorter than 32 characters, saying so; unset keeps the stored one', () => {
    expect(() => loadConfig({ TOKEN_SECRET: 'secret' })).toThrow(/TOKEN_SECRET.*32/);
    expect(() => loadConfig({ TOKEN_SECRET: 'x'.repeat(31) })).toThrow(/31/);
    expect(loadConfig({ TOKEN_SECRET: 'x'.repeat(32) }).tokenSecret).toBe('x'.repeat(32));
    expect(loadConfig({ TOKEN_SECRET: '' }).tokenSecret).toBeUndefined();
  });

  it('takes single-board camera origins only as http(s) origins', () => {
    expect(loadConfig({}).cameraOrigins).toEqual([]);
    expect(loadConfig({ CAMERA_ORIGINS: 'http://192.168.1.50:8000, https://cam.clinic.local/' }).cameraOrigins).toEqual(
      ['http://192.168.1.50:8000', 'https://cam.clinic.local'],
    );
    for (const bad of ['*', 'javascript:alert(1)', 'http://cam.local/path', "http://a.b 'unsafe-inline'"]) {
      expect(() => loadConfig({ CAMERA_ORIGINS: bad }), bad).toThrow(/CAMERA_ORIGINS/);
    }
  });

  it('makes a token secret once, readable by the owner only, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-config-'));
    dirs.push(dir);
    const secret = loadTokenSecret(dir);
    expect(secret).toMatch(/^[\w-]{64}$/);
    expect(statSync(join(dir, 'token-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'token-secret'), 'utf8').trim()).toBe(secret);
    expect(loadTokenSecret(dir)).toBe(secret);
  });
});

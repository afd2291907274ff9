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

  it('reads the limits an administrator may raise, and refuses one that is not a positive number', () => {
    const defaults = loadConfig({}).limits;
    expect(defaults.loginLimits).toMatchObject({ addressMaxFailures: 30, addressMaxPending: 4 });
    expect(defaults.anonymousStorage).toEqual({
      dailyBytes: 200 * 2 ** 20,
      totalBytes: 2 * 2 ** 30,
      addressShare: 0.1,
    });
    expect(defaults.accountLimits).toEqual({
      rejectionBytesPerPush: 2 ** 20,
      rejectionBytesPerDay: 16 * 2 ** 20,
      openUploads: 20,
      uploadBytesPerDay: 20 * 2 ** 30,
    });
    const raised = loadConfig({
      LOGIN_ADDRESS_MAX_FAILURES: '100',
      LOGIN_ADDRESS_MAX_PENDING: '8',
      ANONYMOUS_DAILY_MB: '500',
      ANONYMOUS_TOTAL_MB: '8192',
      ANONYMOUS_ADDRESS_PERCENT: '25',
      ACCOUNT_REJECTIONS_MB_PER_PUSH: '4',
      ACCOUNT_REJECTIONS_MB_PER_DAY: '64',
      ACCOUNT_OPEN_UPLOADS: '50',
      ACCOUNT_UPLOAD_MB_PER_DAY: '51200',
      LOGIN_STRANGER_CHECKS_PER_SECOND: '0.5',
      ANONYMOUS_STRANGER_UPLOADS_PER_SECOND: '20',
    }).limits;
    expect(defaults.strangerUploads).toEqual({ perSecond: 2, burst: 10 });
    // A rate a second may be below one: not rounded down to none.
    expect(raised.loginLimits).toMatchObject({
      addressMaxFailures: 100,
      addressMaxPending: 8,
      strangerChecksPerSecond: 0.5,
    });
    expect(raised.strangerUploads).toEqual({ perSecond: 20, burst: 10 });
    expect(raised.anonymousStorage).toEqual({ dailyBytes: 500 * 2 ** 20, totalBytes: 8 * 2 ** 30, addressShare: 0.25 });
    expect(raised.accountLimits).toEqual({
      rejectionBytesPerPush: 4 * 2 ** 20,
      rejectionBytesPerDay: 64 * 2 ** 20,
      openUploads: 50,
      uploadBytesPerDay: 50 * 2 ** 30,
    });
    for (const bad of [
      { ACCOUNT_OPEN_UPLOADS: 'many' },
      { ANONYMOUS_DAILY_MB: '0' },
      { ANONYMOUS_ADDRESS_PERCENT: '150' },
      { ANONYMOUS_STRANGER_UPLOADS_PER_SECOND: '0' },
    ])
      expect(() => loadConfig(bad), JSON.stringify(bad)).toThrow();
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

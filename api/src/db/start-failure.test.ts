import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startFailureMessage } from './start-failure';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('a start in a data folder that takes no writes', () => {
  it('names the folder and the reason for each way a folder refuses writes', () => {
    const cases: [string, RegExp][] = [
      ['EROFS', /read-only/],
      ['EACCES', /permission denied/],
      ['SQLITE_READONLY', /read-only/],
      ['SQLITE_CANTOPEN', /cannot be opened or created/],
    ];
    for (const [code, reason] of cases) {
      const error = Object.assign(new Error('unable to open database file'), { code });
      const line = startFailureMessage(error, '/srv/clinic/data');
      expect(line).toContain('/srv/clinic/data');
      expect(line).toMatch(reason);
    }
  });

  it('the real server on a read-only mount exits saying which folder and why', () => {
    // A read-only file system of its own (the tests run as root, as CI does): chmod alone does not stop root.
    const dir = mkdtempSync(join(tmpdir(), 'clinic-readonly-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,ro', 'tmpfs', dir]);
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
        cwd: root,
        env: { ...process.env, PORT: '0', DATA_DIR: dir, DATABASE_URL: '', ADMIN_PASSWORD: 'Readonly-Test-Pass-2026!' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`the data folder ${dir} cannot be written`);
      expect(run.stderr).toMatch(/read-only/);
    } finally {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

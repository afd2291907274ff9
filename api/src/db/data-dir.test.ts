import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir';

const modeOf = (path: string) => statSync(path).mode & 0o7777;

describe('the data folder is the server user’s alone', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-data-dir-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** An install from before the rule: everything readable by all (umask 022). */
  function oldInstall(dir: string) {
    const files = [
      'clinic.sqlite',
      'clinic.sqlite-wal',
      'clinic.sqlite-shm',
      'token-secret',
      'media/files/a',
      'media/files/a.json',
      'media/thumbs/a.jpg',
      'backups/2026-11-22/clinic.sqlite',
    ];
    for (const file of files) {
      mkdirSync(join(dir, file, '..'), { recursive: true, mode: 0o755 });
      writeFileSync(join(dir, file), 'x', { mode: 0o644 });
    }
    for (const folder of ['', 'media', 'media/files', 'media/thumbs', 'backups', 'backups/2026-11-22'])
      chmodSync(join(dir, folder), 0o755);
    return files;
  }

  it('brings an old install into line: the folder and the app’s folders 0700, its files 0600', () => {
    const dir = tempDir();
    const files = oldInstall(dir);
    const { changed, skipped } = secureDataDir(dir);
    expect(skipped).toBeNull();
    expect(Object.fromEntries(files.map((f) => [f, modeOf(join(dir, f))]))).toEqual(
      Object.fromEntries(files.map((f) => [f, 0o600])),
    );
    for (const folder of ['', 'media', 'media/files', 'media/thumbs', 'backups', 'backups/2026-11-22'])
      expect(modeOf(join(dir, folder)), folder).toBe(0o700);
    expect(changed).toHaveLength(files.length + 6);
    // Run again: nothing left to change.
    expect(secureDataDir(dir).changed).toEqual([]);
  });

  it('makes a missing folder 0700, and leaves what is not the app’s and what a link points to', () => {
    const outside = tempDir();
    writeFileSync(join(outside, 'elsewhere.txt'), 'x', { mode: 0o644 });
    const dir = join(tempDir(), 'new', 'data');
    secureDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);

    writeFileSync(join(dir, 'notes.txt'), 'x', { mode: 0o644 });
    mkdirSync(join(dir, 'media'));
    symlinkSync(join(outside, 'elsewhere.txt'), join(dir, 'media', 'link.jpg'));
    secureDataDir(dir);
    expect([
      modeOf(join(dir, 'notes.txt')),
      modeOf(join(outside, 'elsewhere.txt')),
      modeOf(join(dir, 'media')),
    ]).toEqual([0o644, 0o644, 0o700]);
  });

  it('leaves the mode of a folder shared by all users (sticky, like /tmp), saying why', () => {
    const dir = tempDir();
    chmodSync(dir, 0o1777);
    writeFileSync(join(dir, 'clinic.sqlite'), 'x', { mode: 0o644 });
    const { skipped } = secureDataDir(dir);
    expect(skipped).toMatch(/sticky/);
    expect([modeOf(dir), modeOf(join(dir, 'clinic.sqlite'))]).toEqual([0o1777, 0o600]);
  });

  it('the server, started on an old install, fixes it and creates its new files 0600 (umask 077)', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'token-secret'), `${'s'.repeat(48)}\n`, { mode: 0o644 });
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dir,
        DATABASE_URL: '',
        TOKEN_SECRET: '',
        ADMIN_PASSWORD: 'Data-Dir-Test-Pass-2026!',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
        const collect = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('listening on')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', collect);
        child.stderr.on('data', collect);
        child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
      });
      const modes = Object.fromEntries(
        ['', 'token-secret', 'clinic.sqlite', 'clinic.sqlite-wal', 'clinic.sqlite-shm', 'media'].map((f) => [
          f,
          modeOf(join(dir, f)),
        ]),
      );
      expect(modes).toEqual({
        '': 0o700,
        'token-secret': 0o600,
        'clinic.sqlite': 0o600,
        'clinic.sqlite-wal': 0o600,
        'clinic.sqlite-shm': 0o600,
        media: 0o700,
      });
      expect(output).toContain('data folder: access limited to this user on 2 files and folders');
    } finally {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 90_000);
});

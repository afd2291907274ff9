// A second build of the web app with the device's encryption at rest switched off, so `npm run bench` can
// print the figures with it and without it side by side (issue 25). Only this file sets the switch; the
// app's own build (scripts/web-build.mjs) never does, and its bundler drops the switch's branch.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds into a fresh temporary folder and answers it (for the server's WEB_DIST). */
export function buildUnsealed(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'clinic-unsealed-'));
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', VITE_BENCH_UNSEALED: '1' } },
  );
  if (result.status !== 0) throw new Error(`vite build (unsealed) failed with exit code ${result.status}`);
  return outDir;
}

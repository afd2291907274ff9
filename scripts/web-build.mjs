// Builds the web app when its build is missing or older than anything it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = [
  'web/src',
  'web/index.html',
  'web/public',
  'web/icons',
  'sync-protocol/src',
  'vite.config.ts',
  'scripts/pwa-icons.ts',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function webBuildIsStale() {
  const built = join(root, 'web/dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return sources.some((p) => newestMtime(join(root, p)) > builtAt);
}

const BUILD = {
  name: 'web build (vite build)',
  args: [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  // Vitest sets NODE_ENV=test, and a build under it is a development build without the service worker.
  env: { ...process.env, NODE_ENV: 'production' },
};

export function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return;
  console.log('Webアプリをビルドしています… (building the web app)');
  const result = spawnSync(process.execPath, BUILD.args, { cwd: root, stdio: 'inherit', env: BUILD.env });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
}

/** The build as a step for scripts/lint.mjs's runner (`npm test` runs it beside the lint), or null when it is current. */
export function webBuildStep() {
  return webBuildIsStale() ? BUILD : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild({ force: process.argv.includes('--force') });

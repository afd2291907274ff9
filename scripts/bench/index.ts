// `npm run bench`: figures to reach, printed, never asserted (these machines are shared and noisy).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../web/e2e/support/server';
import { ensureBrowserDeps } from '../browser-deps.mjs';
import { ensureWebBuild } from '../web-build.mjs';
import { benchFaceAnalysis } from './face-analysis';
import { benchLogin } from './login';
import { benchMediaUpload } from './media-upload';
import { benchSync } from './sync';
import { buildUnsealed } from './unsealed-build';
import { benchVisits } from './visits';

const only = process.env.BENCH_ONLY;
// The rows' cipher and the middleware in Node, per customer-sized row (BENCH_ONLY=seal: this part alone, no build).
if (!only || only === 'seal') {
  console.log('\n== Sealing rows (XChaCha20-Poly1305, bound to table and key) ==');
  const root = fileURLToPath(new URL('../..', import.meta.url));
  spawnSync(process.execPath, [join(root, 'web/src/test-utils/seal-bench.mjs')], { cwd: root, stdio: 'inherit' });
  if (only === 'seal') process.exit(0);
}
ensureBrowserDeps();
ensureWebBuild();
const server = await startServer();
try {
  if (!only || only === 'login') await benchLogin(server.baseURL);
  if (!only || only === 'media') await benchMediaUpload(server.baseURL);
  if (!only || only === 'face') await benchFaceAnalysis(server.baseURL);
} finally {
  await server.stop();
}
// The device's figures with encryption at rest (as shipped) and without it (a build made for this comparison),
// each on a server of its own: the figures are for a clinic's data and nothing else. BENCH_SEALED_ONLY=1 skips
// the second build.
const builds: Array<{ label: string; env: Record<string, string> }> = [{ label: '暗号化あり (as shipped)', env: {} }];
const deviceBenches = !only || only === 'sync' || only === 'visits';
if (deviceBenches && !process.env.BENCH_SEALED_ONLY) {
  builds.push({ label: '暗号化なし (a build for this comparison only)', env: { WEB_DIST: buildUnsealed() } });
}
for (const { label, env } of deviceBenches ? builds : []) {
  console.log(`\n######## The device's figures: ${label}`);
  if (!only || only === 'sync') {
    const sync = await startServer(env);
    try {
      await benchSync(sync.baseURL);
    } finally {
      await sync.stop();
    }
  }
  if (!only || only === 'visits') {
    const fresh = await startServer(env);
    try {
      await benchVisits(fresh.baseURL);
    } finally {
      await fresh.stop();
    }
  }
}

// `npm run bench`: figures to reach, printed, never asserted (these machines are shared and noisy).
import { startServer } from '../../web/e2e/support/server';
import { ensureBrowserDeps } from '../browser-deps.mjs';
import { ensureWebBuild } from '../web-build.mjs';
import { benchLogin } from './login';
import { benchSync } from './sync';

ensureBrowserDeps();
ensureWebBuild();
const server = await startServer();
try {
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'login') await benchLogin(server.baseURL);
  if (!only || only === 'sync') await benchSync(server.baseURL);
} finally {
  await server.stop();
}

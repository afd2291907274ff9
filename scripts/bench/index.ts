// `npm run bench`: figures to reach, printed, never asserted (these machines are shared and noisy).
import { startServer } from '../../web/e2e/support/server';
import { ensureBrowserDeps } from '../browser-deps.mjs';
import { ensureWebBuild } from '../web-build.mjs';
import { benchFaceAnalysis } from './face-analysis';
import { benchLogin } from './login';
import { benchMediaUpload } from './media-upload';
import { benchSync } from './sync';
import { benchVisits } from './visits';

ensureBrowserDeps();
ensureWebBuild();
const server = await startServer();
try {
  const only = process.env.BENCH_ONLY;
  if (!only || only === 'login') await benchLogin(server.baseURL);
  if (!only || only === 'sync') await benchSync(server.baseURL);
  if (!only || only === 'media') await benchMediaUpload(server.baseURL);
  if (!only || only === 'face') await benchFaceAnalysis(server.baseURL);
} finally {
  await server.stop();
}
// On a server of its own: the figures are for a clinic's data and nothing else.
if (!process.env.BENCH_ONLY || process.env.BENCH_ONLY === 'visits') {
  const fresh = await startServer();
  try {
    await benchVisits(fresh.baseURL);
  } finally {
    await fresh.stop();
  }
}

import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { BASE_URL_ENV, startServer } from './support/server';

/**
 * One real server on a fresh DATA_DIR serving the production build, for the whole run (on a fresh PostgreSQL
 * database when E2E_DATABASE_URL is set). Its address reaches the test workers through the environment.
 */
export default async function globalSetup() {
  ensureWebBuild();
  const server = await startServer();
  process.env[BASE_URL_ENV] = server.baseURL;
  return async () => {
    await server.stop();
  };
}

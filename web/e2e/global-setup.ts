import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../../scripts/web-build.mjs';
import { startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One real server on a fresh DATA_DIR serving the production build, for the whole e2e run. */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  return async () => {
    await server.stop();
  };
}

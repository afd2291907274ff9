// `npm test`: browser dependencies, type check, import-boundary lint, production build, then every vitest project
// (sync-protocol, api on SQLite + PGlite, web units, end-to-end in headless Chromium).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowserDeps } from './browser-deps.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

ensureBrowserDeps();
if (run([join(root, 'node_modules/typescript/bin/tsc'), '-b']) !== 0) process.exit(1);
if ((spawnSync('npm', ['run', '--silent', 'lint'], { cwd: root, stdio: 'inherit' }).status ?? 1) !== 0) process.exit(1);
ensureWebBuild();

const report = join(mkdtempSync(join(tmpdir(), 'clinic-test-')), 'vitest.json');
const status = run([
  join(root, 'node_modules/vitest/vitest.mjs'), 'run',
  '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
try {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'));
  // The one plain closing line CI reads.
  // Vitest fails the run for errors outside any test (an unhandled rejection) too; say so, or a
  // "0 failed" line would sit above a failing exit code.
  const outside = status !== 0 && numFailedTests === 0 ? '; the run failed on errors outside the tests (see "Unhandled Errors" above)' : '';
  console.log(`\ntests: ${numPassedTests} passed, ${numFailedTests} failed${numPendingTests ? `, ${numPendingTests} skipped` : ''}${outside}`);
} catch {
  console.log('\ntests: no report was written');
}
process.exit(status);

// `npm test`: browser dependencies, type check, lint, production build, then every vitest project (sync-protocol,
// api on SQLite + PGlite + a real PostgreSQL server, web units), then the end-to-end scenarios with @playwright/test
// in headless Chromium on SQLite (playwright.config.ts) and, at the same time, the end-to-end files that reach the
// server's storage again with the server on PostgreSQL.
// PostgreSQL: DATABASE_URL when given (tests make their own schemas and databases in it), else a throwaway
// cluster (Debian's postgresql, installed with apt-get when missing) that is removed afterwards. CI must cover
// PostgreSQL: when none can be had, the run fails and says why.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBrowserDeps } from './browser-deps.mjs';
import { startPostgres } from './postgres.mjs';
import { ensureWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (args, env = process.env) =>
  spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

/**
 * End-to-end files run a second time with the server on PostgreSQL: those whose server side reads and
 * writes its storage in ways the SQLite pass cannot vouch for on PostgreSQL (sync push/pull through the
 * outbox, media uploads, device and operation logs, users and the access log). The rest drive screens
 * over data those same paths store. A second pass of every file would add ≈ 8 minutes to CI.
 */
const POSTGRES_E2E_FILES = [
  'web/e2e/customers-offline.e2e.ts',
  'web/e2e/visits-surveys-offline.e2e.ts',
  'web/e2e/camera-media-offline.e2e.ts',
  'web/e2e/device-error-logs.e2e.ts',
  'web/e2e/operation-logs.e2e.ts',
  'web/e2e/user-management.e2e.ts',
  'web/e2e/audit-log.e2e.ts',
];

ensureBrowserDeps();
if (run([join(root, 'node_modules/typescript/bin/tsc'), '-b']) !== 0) process.exit(1);
if ((spawnSync('npm', ['run', '--silent', 'lint'], { cwd: root, stdio: 'inherit' }).status ?? 1) !== 0) process.exit(1);
ensureWebBuild();

let postgres;
if (process.env.DATABASE_URL) {
  postgres = { url: process.env.DATABASE_URL, label: 'PostgreSQL (DATABASE_URL)', stop: () => undefined };
} else {
  try {
    const cluster = await startPostgres();
    postgres = { ...cluster, label: `PostgreSQL (throwaway cluster on 127.0.0.1:${cluster.port})` };
  } catch (error) {
    console.error(
      `\nPostgreSQL could not be installed or started, so the tests cannot cover it: ${error instanceof Error ? error.message : error}`,
    );
    console.error(
      "Install Debian's postgresql package (apt-get install postgresql) or set DATABASE_URL=postgres://… to a server the tests may use.",
    );
    process.exit(1);
  }
}

const reportDir = mkdtempSync(join(tmpdir(), 'clinic-test-'));
const vitest = (name, args, env = {}) => {
  const report = join(reportDir, `${name}.json`);
  const status = run(
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    { ...process.env, ...env },
  );
  try {
    const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'));
    return {
      status,
      passed: numPassedTests,
      failed: numFailedTests,
      skipped: numPendingTests,
      written: true,
      outside: 'see "Unhandled Errors" above',
    };
  } catch {
    return { status, passed: 0, failed: 0, skipped: 0, written: false };
  }
};
/** What a `playwright test` run's JSON report says, for the closing lines. */
const playwrightResult = (status, report) => {
  try {
    const { stats } = JSON.parse(readFileSync(report, 'utf8'));
    return {
      status,
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
      written: true,
      outside: 'see the errors above',
    };
  } catch {
    return { status, passed: 0, failed: 0, skipped: 0, written: false };
  }
};
const playwrightArgs = (name, args) => [
  join(root, 'node_modules/@playwright/test/cli.js'),
  'test',
  '--reporter=list,json',
  // Each run its own folder of failure traces: Playwright empties the folder it starts with.
  `--output=test-results/${name}`,
  ...args,
];
/** `playwright test` with its list reporter on the terminal. */
const playwright = (name, args, env = {}) => {
  const report = join(reportDir, `${name}.json`);
  const status = run(playwrightArgs(name, args), { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report });
  return playwrightResult(status, report);
};
/**
 * `playwright test` beside other runs: its output is kept and printed whole when it ends, so runs do not
 * interleave their lines. Each run starts its own server (web/e2e/global-setup.ts) on its own port and folder.
 */
const playwrightBeside = (name, args, env = {}) => {
  const report = join(reportDir, `${name}.json`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, playwrightArgs(name, args), {
      cwd: root,
      env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report, FORCE_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.stdout.write(`\n── ${name} ──\n${Buffer.concat(output).toString()}`);
      resolve(playwrightResult(code ?? 1, report));
    });
  });
};

// Arguments narrow the run: end-to-end files (web/e2e/…) go to Playwright, anything else to vitest (a file, a
// `--project`). A narrowed run is not followed by the PostgreSQL e2e pass.
const extra = process.argv.slice(2);
const isE2e = (arg) => /(^|\/)web\/e2e\//.test(arg) || arg.endsWith('.e2e.ts');
const e2eArgs = extra.filter(isE2e);
const vitestArgs = extra.filter((arg) => !isE2e(arg));
const passes = [];
try {
  // api tests see TEST_DATABASE_URL and add the real server beside SQLite and PGlite. DATABASE_URL stays
  // empty, so a server a test starts runs on SQLite as that test expects.
  if (extra.length === 0 || vitestArgs.length > 0) {
    passes.push({
      name: 'vitest projects',
      ...vitest('vitest', vitestArgs, { DATABASE_URL: '', TEST_DATABASE_URL: postgres.url }),
    });
  }
  const e2eEnv = { DATABASE_URL: '', TEST_DATABASE_URL: '' };
  if (e2eArgs.length > 0) {
    passes.push({ name: 'e2e on SQLite', ...playwright('e2e-sqlite', e2eArgs, { ...e2eEnv, E2E_DATABASE_URL: '' }) });
  } else if (extra.length === 0) {
    // End-to-end scenarios spend most of their time waiting on the browser, the network and timers (about half
    // a core measured here), so three runs go at once, each with its own server: the SQLite scenarios in two
    // halves (whole files stay together) and the PostgreSQL pass. One after another they took 17 minutes.
    console.log(
      `\nEnd-to-end on SQLite in two halves, and at the same time again with the server on ${postgres.label}: ${POSTGRES_E2E_FILES.map((f) => f.replace('web/e2e/', '')).join(', ')}`,
    );
    const sqlite = { ...e2eEnv, E2E_DATABASE_URL: '' };
    const [first, second, onPostgres] = await Promise.all([
      playwrightBeside('e2e-sqlite-1', ['--shard=1/2'], sqlite),
      playwrightBeside('e2e-sqlite-2', ['--shard=2/2'], sqlite),
      playwrightBeside('e2e-postgres', POSTGRES_E2E_FILES, { ...e2eEnv, E2E_DATABASE_URL: postgres.url }),
    ]);
    passes.push({ name: 'e2e on SQLite, first half', ...first });
    passes.push({ name: 'e2e on SQLite, second half', ...second });
    passes.push({ name: 'e2e on PostgreSQL', ...onPostgres });
  }
} finally {
  postgres.stop();
}

// The plain closing lines CI reads.
console.log(
  `\ndatabases: api tests on SQLite, PGlite and ${postgres.label}; end-to-end on SQLite${extra.length === 0 ? ` and on ${postgres.label} (${POSTGRES_E2E_FILES.length} files)` : ''}`,
);
let status = 0;
for (const pass of passes) {
  status ||= pass.status;
  if (!pass.written) {
    console.log(`tests (${pass.name}): no report was written`);
    continue;
  }
  // Both runners fail a run for errors outside any test (an unhandled rejection, a failed global setup) too;
  // say so, or a "0 failed" line would sit above a failing exit code.
  const outside =
    pass.status !== 0 && pass.failed === 0 ? `; the run failed on errors outside the tests (${pass.outside})` : '';
  console.log(
    `tests (${pass.name}): ${pass.passed} passed, ${pass.failed} failed${pass.skipped ? `, ${pass.skipped} skipped` : ''}${outside}`,
  );
}
const total = passes.reduce((sum, p) => ({ passed: sum.passed + p.passed, failed: sum.failed + p.failed }), {
  passed: 0,
  failed: 0,
});
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(status);

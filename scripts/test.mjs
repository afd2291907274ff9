// `npm test`: browser dependencies, type check, lint and production build (side by side), then every vitest project (sync-protocol,
// api on SQLite + PGlite + a real PostgreSQL server, web units), then the end-to-end scenarios with @playwright/test
// in headless Chromium on SQLite (playwright.config.ts), then the end-to-end files that reach the server's storage
// again with the server on PostgreSQL.
// PostgreSQL: DATABASE_URL when given (tests make their own schemas and databases in it), else a throwaway
// cluster (Debian's postgresql, installed with apt-get when missing) that is removed afterwards. CI must cover
// PostgreSQL: when none can be had, the run fails and says why.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres.mjs';
import { LINT, runInTurn, runStep } from './lint.mjs';
import { webBuildStep } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** When each part of the run ended, for the closing lines: CI keeps only the end of the output. */
const startedAt = Date.now();
const ended = [];
/** The machine's busy and total CPU ticks so far (Linux), to tell a part that waits from one the cores limit. */
const cpuTicks = () => {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = ticks[3] + ticks[4];
    const total = ticks.reduce((sum, each) => sum + each, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
};
let lastTicks = cpuTicks();
const mark = (name) => {
  const ticks = cpuTicks();
  const busy =
    ticks && lastTicks && ticks.total > lastTicks.total
      ? Math.round((100 * (ticks.busy - lastTicks.busy)) / (ticks.total - lastTicks.total))
      : undefined;
  lastTicks = ticks;
  ended.push({ name, seconds: Math.round((Date.now() - startedAt) / 1000), busy });
};
/** A node script with the terminal as its output; resolves to its exit status. The child ends with this process. */
const run = (args, env = process.env) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
    const end = () => child.kill();
    process.on('exit', end);
    child.on('close', (code) => {
      process.off('exit', end);
      resolve(code ?? 1);
    });
  });

/**
 * End-to-end files run a second time with the server on PostgreSQL: those whose server side reads and
 * writes its storage in ways the SQLite pass cannot vouch for on PostgreSQL (sync push/pull through the
 * outbox, conflicts, media uploads, device and operation logs, users and the access log). The rest drive
 * screens over data those same paths store. A second pass of every file would add ≈ 8 minutes to CI.
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
/**
 * Scenarios of those files left out of the PostgreSQL pass: what they add to the file's other scenarios
 * happens in the browser (a tab closed with changes in it, a CSV made on the tablet) or is a server rule
 * the api tests already run on PostgreSQL (a merge of two devices' fields).
 */
const POSTGRES_E2E_SKIP = [
  'sends a change made offline in a tab that was closed',
  'keeps both edits when two devices change different fields',
  'exports the filtered visit list as a CSV',
  'shows a visit CSV exported offline',
];

/**
 * Files of the tablet project run in lane 2 rather than lane 1, with their describe titles (to leave them out of
 * lane 1): they even the lanes (lane 1 ran about half a minute longer in CI).
 */
const LANE_2_TABLET = [
  { file: 'web/e2e/backup-restore.e2e.ts', title: 'backup and restore' },
  { file: 'web/e2e/chart-session.e2e.ts', title: 'one appointment from the chart' },
  { file: 'web/e2e/browser-profile.e2e.ts', title: 'what the browser keeps by itself' },
];
/**
 * Run alone after both lanes: it records a clip of about 3 s and counts its frames, and beside the other lane
 * the starved recorder made a clip of another length (seen in a full run).
 */
const ALONE_FILE = 'web/e2e/camera-face-analysis.e2e.ts';
const ALONE_TITLE = 'expression analysis on the camera screen';

// The checks over both cores: ESLint (type-aware, the longest step) alone, and beside it the type check, the
// import boundaries, the formatting check and the production build one after the other; then the unit tests
// beside ESLint's last part. None needs another's output. (Measured here: the type check beside the whole lint,
// then the build, left a quarter of the machine idle for two minutes.)
const build = webBuildStep();
const eslint = runStep(LINT.eslint);
const others = runInTurn([
  { name: 'type check (tsc -b)', args: [join(root, 'node_modules/typescript/bin/tsc'), '-b'] },
  ...LINT.boundaries,
  LINT.format,
  ...(build ? [build] : []),
]);
// Debian's packages for the browser tests (and PostgreSQL's, unless DATABASE_URL names a server), installed with
// apt when missing, in a process of its own: on a new machine apt takes minutes, while the steps above go on.
const packages = runStep({
  name: 'packages for the browser, database and fsync-order tests (apt-get when missing)',
  args: [
    '--input-type=module',
    '-e',
    `import { ensureBrowserDeps } from './scripts/browser-deps.mjs';
     import { ensurePostgres } from './scripts/postgres.mjs';
     import { ensureStrace } from './scripts/strace.mjs';
     ensureBrowserDeps();
     ensureStrace();
     if (!process.env.DATABASE_URL) ensurePostgres();`,
  ],
});
const postgresReady = process.env.DATABASE_URL
  ? null
  : packages.then((status) => (status === 0 ? startPostgres() : null)).catch((error) => error);
// A cluster already started is stopped by its own exit hook.
if ([await others, await packages].some((status) => status !== 0)) process.exit(1);
mark('type check, boundaries, formatting, build and packages');
// ESLint runs longest and for its last part alone: the unit tests start beside it. Its failure still fails the
// run at once (this exit ends the tests under way); the end-to-end tests wait for it.
const linted = eslint.then((status) => {
  if (status !== 0) process.exit(1);
});

let postgres;
if (process.env.DATABASE_URL) {
  postgres = { url: process.env.DATABASE_URL, label: 'PostgreSQL (DATABASE_URL)', stop: () => undefined };
} else {
  try {
    const cluster = await postgresReady;
    if (cluster instanceof Error) throw cluster;
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

/** A failure's first line of message, short enough for a closing line. */
const firstLine = (message = '') =>
  stripVTControlCharacters(message)
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';
/** What a pending Playwright step was waiting for, from its call log (` — waiting for …`), or nothing. */
const waitingFor = (message = '') => {
  const line = stripVTControlCharacters(message)
    .split('\n')
    .find((each) => each.trim().startsWith('- waiting for'));
  return line ? ` — ${line.trim().slice(2, 200)}` : '';
};
/** Failed tests of vitest's JSON report (and files that failed before any test ran), as closing lines. */
const vitestFailures = (testResults = []) =>
  testResults.flatMap((file) => {
    const path = relative(root, file.name);
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (failed.length === 0 && file.status === 'failed') return [`${path}: ${firstLine(file.message)}`];
    return failed.map((test) => `${path} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
  });
/** Each scenario of Playwright's JSON report with its time (suites nest). */
const playwrightDurations = (suites = []) =>
  suites.flatMap((suite) => [
    ...suite.specs.map((spec) => ({
      path: `${spec.file}:${spec.line} ${spec.title.slice(0, 60)}`,
      seconds: spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0) / 1000,
    })),
    ...playwrightDurations(suite.suites),
  ]);
/** Failed tests of Playwright's JSON report (suites nest), as closing lines. */
const playwrightFailures = (suites = []) =>
  suites.flatMap((suite) => [
    ...suite.specs
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const result = spec.tests.flatMap((test) => test.results).find((each) => each.error);
        const [first, ...more] = result?.errors ?? [result?.error];
        // A test timeout's first error says only that; the next ones name the step that was waiting.
        const steps = more.map(
          (error) =>
            `\n    at ${error.location ? `${relative(root, error.location.file)}:${error.location.line}` : '?'}: ${firstLine(error.message)}${waitingFor(error.message)}`,
        );
        return `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(first?.message)}${steps.join('')}`;
      }),
    ...playwrightFailures(suite.suites),
  ]);

const reportDir = mkdtempSync(join(tmpdir(), 'clinic-test-'));
const vitest = async (name, args, env = {}) => {
  const report = join(reportDir, `${name}.json`);
  const status = await run(
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
    const { numPassedTests, numFailedTests, numPendingTests, testResults } = JSON.parse(readFileSync(report, 'utf8'));
    const slowest = testResults
      .map((file) => ({ path: relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 12);
    return {
      slowest,
      status,
      passed: numPassedTests,
      failed: numFailedTests,
      skipped: numPendingTests,
      written: true,
      outside: 'see "Unhandled Errors" above',
      failures: vitestFailures(testResults),
    };
  } catch {
    return { status, passed: 0, failed: 0, skipped: 0, written: false };
  }
};
const playwrightReport = (report, status) => {
  try {
    const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'));
    return {
      slowest: playwrightDurations(suites)
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, 8),
      status,
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
      written: true,
      outside: 'see the errors above',
      failures: playwrightFailures(suites),
    };
  } catch {
    return { status, passed: 0, failed: 0, skipped: 0, written: false };
  }
};

/**
 * `playwright test` with its list reporter on the terminal, each line marked with `lane` (two run at once),
 * and its JSON report read for the closing lines. Each lane has its own server (global-setup.ts) and its
 * own folder for a failure's trace.
 */
const playwright = (name, lane, args, env = {}) =>
  new Promise((resolve) => {
    const report = join(reportDir, `${name}.json`);
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--reporter=list,json', ...args],
      {
        cwd: root,
        env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_FILE: report, E2E_OUTPUT_DIR: `test-results/${name}` },
      },
    );
    const end = () => child.kill();
    process.on('exit', end);
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(`${lane} ${line}`));
    }
    child.on('close', (code) => {
      process.off('exit', end);
      resolve(playwrightReport(report, code ?? 1));
    });
  });

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
      ...(await vitest('vitest', vitestArgs, { DATABASE_URL: '', TEST_DATABASE_URL: postgres.url })),
    });
    mark('vitest projects');
  }
  await linted;
  mark('ESLint');
  // The whole run records no traces unless asked for (playwright.config.ts); a narrowed run records them.
  const e2eEnv = {
    DATABASE_URL: '',
    TEST_DATABASE_URL: '',
    ...(extra.length === 0 ? { E2E_TRACE: process.env.E2E_TRACE ?? 'off' } : {}),
  };
  const sqlite = { ...e2eEnv, E2E_DATABASE_URL: '' };
  if (extra.length > 0 && e2eArgs.length > 0) {
    passes.push({ name: 'e2e on SQLite', ...(await playwright('e2e-sqlite', '[e2e]', e2eArgs, sqlite)) });
  }
  if (extra.length === 0) {
    // Two lanes at once, each with its own server: the machine has idle moments while scenarios wait on the
    // network, the worker and timers, which the other lane fills (measured: 16.9 min of end-to-end one pass
    // after the other, 14.1 side by side). Lane 1: the scenarios on the landscape tablet. Lane 2: the other two
    // screens' sweeps, the backup and chart-session scenarios (they even the lanes), then the PostgreSQL pass.
    console.log(
      `\nEnd-to-end: lane 1 the landscape tablet on SQLite; lane 2 portrait and phone and ${LANE_2_TABLET.map(({ file }) => file.replace('web/e2e/', '')).join(', ')} on SQLite, then again with the server on ${postgres.label}: ${POSTGRES_E2E_FILES.map((f) => f.replace('web/e2e/', '')).join(', ')}`,
    );
    const lane2 = async () => {
      const sizes = await playwright(
        'e2e-sqlite-sizes',
        '[lane 2]',
        ['--project=tablet-portrait', '--project=phone'],
        sqlite,
      );
      const moved = await playwright(
        'e2e-sqlite-tablet-lane-2',
        '[lane 2]',
        ['--project=tablet', ...LANE_2_TABLET.map(({ file }) => file)],
        sqlite,
      );
      const onPostgres = await playwright(
        'e2e-postgres',
        '[lane 2]',
        [...POSTGRES_E2E_FILES, `--grep-invert=${POSTGRES_E2E_SKIP.join('|')}`],
        { ...e2eEnv, E2E_DATABASE_URL: postgres.url },
      );
      mark('end-to-end lane 2');
      return [sizes, moved, onPostgres];
    };
    const [tablet, [sizes, moved, onPostgres]] = await Promise.all([
      playwright(
        'e2e-sqlite-tablet',
        '[lane 1]',
        ['--project=tablet', `--grep-invert=${[...LANE_2_TABLET.map(({ title }) => title), ALONE_TITLE].join('|')}`],
        sqlite,
      ).then((report) => {
        mark('end-to-end lane 1');
        return report;
      }),
      lane2(),
    ]);
    const alone = await playwright('e2e-sqlite-alone', '[alone]', ['--project=tablet', ALONE_FILE], sqlite);
    mark('end-to-end alone');
    passes.push(
      { name: 'e2e on SQLite, landscape tablet', ...tablet },
      { name: 'e2e on SQLite, portrait and phone', ...sizes },
      { name: 'e2e on SQLite, tablet project in lane 2 (backup, chart session, browser profile)', ...moved },
      { name: 'e2e on SQLite, the camera clip alone', ...alone },
      { name: 'e2e on PostgreSQL', ...onPostgres },
    );
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
  // CI shows the end of the output: name what failed here, not only thousands of lines above.
  for (const failure of pass.failures) console.log(`  failed: ${failure}`);
}
const total = passes.reduce((sum, p) => ({ passed: sum.passed + p.passed, failed: sum.failed + p.failed }), {
  passed: 0,
  failed: 0,
});
// Where the run's time went (CI's limit is the whole run): the slowest files and scenarios, then each part's end.
for (const pass of passes.filter((each) => each.slowest?.length)) {
  console.log(
    `slowest (${pass.name}): ${pass.slowest.map(({ path, seconds }) => `${path} ${seconds.toFixed(0)} s`).join('; ')}`,
  );
}
console.log(
  `time: ${ended.map(({ name, seconds, busy }) => `${name} ended at ${seconds} s${busy === undefined ? '' : ` (cores ${busy} % busy since the last)`}`).join('; ')}`,
);
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(status);

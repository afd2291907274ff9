import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import-boundary lint (`npm run lint`: .dependency-cruiser.cjs, then .dependency-cruiser-layers.cjs for the
 * shared layers' stack over shipped code) run on a small copy of the
 * repository's layout in a temporary folder, so the real tree is never touched while others work in it.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const cruiser = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const configs = [join(root, '.dependency-cruiser.cjs'), join(root, '.dependency-cruiser-layers.cjs')];

const ALLOWED: Record<string, string> = {
  'sync-protocol/src/index.ts': `export const PROTOCOL_VERSION = 1;`,
  'api/src/app.ts': `import { PROTOCOL_VERSION } from '../../sync-protocol/src/index';\nexport const app = PROTOCOL_VERSION;`,
  'web/src/i18n/ja.ts': `export const ja = {};`,
  'web/src/data/clinic-db.ts': `export const db = {};`,
  'web/src/auth/session.ts': `export const session = {};`,
  'web/src/api/client.ts': `import { session } from '../auth/session';\nexport const client = session;`,
  'web/src/sync/engine.ts': `import { db } from '../data/clinic-db';\nimport { client } from '../api/client';\nexport const engine = [db, client];`,
  'web/src/data/customers.ts': `import { db } from './clinic-db';\nexport const customers = db;`,
  'web/src/media/capture.ts': `import { customers } from '../data/customers';\nexport const capture = customers;`,
  'web/src/sync/apply-pull.ts': `import { customers } from '../data/customers';\nexport const applyPull = customers;`,
  'web/src/telemetry/log-db.ts': `export const logDb = {};`,
  'web/src/telemetry/error-log.ts': `import { logDb } from './log-db';\nimport { client } from '../api/client';\nexport const errorLog = [logDb, client];`,
  'web/src/components/badge.ts': `import { ja } from '../i18n/ja';\nimport { engine } from '../sync/engine';\nexport const badge = [ja, engine];`,
  'web/src/features/customers/customers-page.ts': `import { customers } from '../../data/customers';\nimport { capture } from '../../media/capture';\nimport { errorLog } from '../../telemetry/error-log';\nexport const customersPage = [customers, capture, errorLog];`,
  'web/src/features/visits/visit-form.ts': `export const visitForm = {};`,
  // The lock over every screen: it uses the shared UI and keeps the open forms (drafts), which read the data.
  'web/src/drafts/open-forms.ts': `import { customers } from '../data/customers';\nexport const openForms = customers;`,
  'web/src/lock/lock-store.ts': `import { openForms } from '../drafts/open-forms';\nimport { badge } from '../components/badge';\nexport const lockStore = [openForms, badge];`,
  'web/src/features/visits/visits-page.ts': [
    `import { PROTOCOL_VERSION } from '../../../../sync-protocol/src/index';`,
    `import { badge } from '../../components/badge';`,
    `import { session } from '../../auth/session';`,
    `import { visitForm } from './visit-form';`,
    `export const visitsPage = [PROTOCOL_VERSION, badge, session, visitForm];`,
  ].join('\n'),
  'web/src/app/routes.ts': `import { customersPage } from '../features/customers/customers-page';\nimport { visitsPage } from '../features/visits/visits-page';\nexport const routes = [customersPage, visitsPage];`,
  // Packages: web declares `charts`, api declares `server-kit`, the root declares the test tool `checker`;
  // all three are hoisted into the one node_modules, so any workspace could reach any of them.
  'package.json': JSON.stringify({ private: true, workspaces: ['api', 'web'], devDependencies: { checker: '1' } }),
  'web/package.json': JSON.stringify({ name: 'web', dependencies: { charts: '1' } }),
  'api/package.json': JSON.stringify({ name: 'api', dependencies: { 'server-kit': '1' } }),
  ...Object.fromEntries(
    ['charts', 'server-kit', 'checker'].flatMap((name) => [
      [`node_modules/${name}/package.json`, JSON.stringify({ name, main: 'index.js' })],
      [`node_modules/${name}/index.js`, `exports.${name.replace('-', '')} = 1;`],
    ]),
  ),
  'web/src/components/chart.ts': `import { charts } from 'charts';\nexport const chart = charts;`,
  'web/src/components/chart.test.ts': `import { checker } from 'checker';\nimport { chart } from './chart';\nexport const t = [checker, chart];`,
  'web/src/test-utils/check.ts': `import { checker } from 'checker';\nexport const check = checker;`,
  // Test helpers use any layer, and the layers' tests use them back: no cycle of the app.
  'web/src/test-utils/device.ts': `import { engine } from '../sync/engine';\nexport const device = engine;`,
  'web/src/sync/engine.test.ts': `import { device } from '../test-utils/device';\nexport const t = device;`,
};

/** Each file breaks one rule once; `expect` is the violation the lint must report for it. */
const FORBIDDEN: Array<{ why: string; file: string; source: string; expect: string[] }> = [
  {
    why: 'a feature imports another feature',
    file: 'web/src/features/visits/peek.ts',
    source: `import { customersPage } from '../customers/customers-page';\nexport const peek = customersPage;`,
    expect: [
      'feature-imports-feature: web/src/features/visits/peek.ts -> web/src/features/customers/customers-page.ts',
    ],
  },
  {
    why: 'the same, for types only',
    file: 'web/src/features/visits/peek-type.ts',
    source: `import type { customersPage } from '../customers/customers-page';\nexport type Peek = typeof customersPage;`,
    expect: [
      'feature-imports-feature: web/src/features/visits/peek-type.ts -> web/src/features/customers/customers-page.ts',
    ],
  },
  {
    why: 'a feature imports the shell',
    file: 'web/src/features/visits/back.ts',
    source: `import { routes } from '../../app/routes';\nexport const back = routes;`,
    expect: ['feature-imports-shell: web/src/features/visits/back.ts -> web/src/app/routes.ts'],
  },
  {
    why: 'a shared layer imports a feature',
    file: 'web/src/components/picker.ts',
    source: `import { customersPage } from '../features/customers/customers-page';\nexport const picker = customersPage;`,
    expect: [
      'shared-imports-feature-or-shell: web/src/components/picker.ts -> web/src/features/customers/customers-page.ts',
    ],
  },
  {
    // From a folder nothing imports, so that it closes no folder cycle as well.
    why: 'a shared layer imports the shell',
    file: 'web/src/export/render.ts',
    source: `import { routes } from '../app/routes';\nexport const render = routes;`,
    expect: ['shared-imports-feature-or-shell: web/src/export/render.ts -> web/src/app/routes.ts'],
  },
  {
    // The engine applies pulls through data, so this closes a folder cycle as well.
    why: 'the device data knows the sync engine',
    file: 'web/src/data/outbox-peek.ts',
    source: `import { engine } from '../sync/engine';\nexport const outboxPeek = engine;`,
    expect: [
      'data-imports-engine: web/src/data/outbox-peek.ts -> web/src/sync/engine.ts',
      'layer-order-data: web/src/data/outbox-peek.ts -> web/src/sync/engine.ts',
      'shared-folder-cycle: web/src/data -> web/src/sync',
      'shared-folder-cycle: web/src/sync -> web/src/data',
    ],
  },
  {
    why: 'media calls the sync engine',
    file: 'web/src/media/sync-after-upload.ts',
    source: `import { engine } from '../sync/engine';\nexport const syncAfterUpload = engine;`,
    expect: [
      'media-imports-engine: web/src/media/sync-after-upload.ts -> web/src/sync/engine.ts',
      'layer-order-media: web/src/media/sync-after-upload.ts -> web/src/sync/engine.ts',
    ],
  },
  {
    why: 'the device logs read app records',
    file: 'web/src/telemetry/record-count.ts',
    source: `import { customers } from '../data/customers';\nexport const recordCount = customers;`,
    expect: ['telemetry-imports-data: web/src/telemetry/record-count.ts -> web/src/data/customers.ts'],
  },
  {
    why: 'shipped code loads a test helper',
    file: 'web/src/data/seed.ts',
    source: `import { check } from '../test-utils/check';\nexport const seed = check;`,
    expect: ['shipped-imports-test-utils: web/src/data/seed.ts -> web/src/test-utils/check.ts'],
  },
  {
    why: 'web imports api',
    file: 'web/src/data/server-peek.ts',
    source: `import { app } from '../../../api/src/app';\nexport const serverPeek = app;`,
    expect: ['web-imports-api: web/src/data/server-peek.ts -> api/src/app.ts'],
  },
  {
    why: 'api imports web',
    file: 'api/src/web-peek.ts',
    source: `import { ja } from '../../web/src/i18n/ja';\nexport const webPeek = ja;`,
    expect: ['api-imports-web: api/src/web-peek.ts -> web/src/i18n/ja.ts'],
  },
  {
    why: 'sync-protocol imports api',
    file: 'sync-protocol/src/leak.ts',
    source: `import { app } from '../../api/src/app';\nexport const leak = app;`,
    expect: ['protocol-imports-app: sync-protocol/src/leak.ts -> api/src/app.ts'],
  },
  {
    // api -> auth is allowed above; auth -> api closes a cycle, reported from each end.
    why: 'two shared folders import each other',
    file: 'web/src/auth/logout.ts',
    source: `import { client } from '../api/client';\nexport const logout = client;`,
    expect: [
      'layer-order-auth: web/src/auth/logout.ts -> web/src/api/client.ts',
      'shared-folder-cycle: web/src/auth -> web/src/api',
      'shared-folder-cycle: web/src/api -> web/src/auth',
    ],
  },
  {
    // Issue 38: drafts -> components/toast beside components/form-dialog -> drafts went unseen (drafts, lock and
    // vault were in no layer). From a file nothing imports back, so the order alone reports it.
    why: 'the kept forms show the shared UI (drafts sit below it)',
    file: 'web/src/drafts/restored-toast.ts',
    source: `import { badge } from '../components/badge';\nexport const restoredToast = badge;`,
    expect: ['layer-order-drafts: web/src/drafts/restored-toast.ts -> web/src/components/badge.ts'],
  },
  {
    why: 'the kept forms read the lock (the lock keeps them, not the reverse): a cycle too',
    file: 'web/src/drafts/lock-peek.ts',
    source: `import { lockStore } from '../lock/lock-store';\nexport const lockPeek = lockStore;`,
    expect: [
      'layer-order-drafts: web/src/drafts/lock-peek.ts -> web/src/lock/lock-store.ts',
      'shared-folder-cycle: web/src/drafts -> web/src/lock',
      'shared-folder-cycle: web/src/lock -> web/src/drafts',
    ],
  },
  {
    why: "the device's key knows the session (the vault sits below auth)",
    file: 'web/src/vault/session-peek.ts',
    source: `import { session } from '../auth/session';\nexport const sessionPeek = session;`,
    expect: ['layer-order-vault: web/src/vault/session-peek.ts -> web/src/auth/session.ts'],
  },
  {
    why: "web imports a package only api's package.json declares (it resolves through the hoisting)",
    file: 'web/src/components/server-peek.ts',
    source: `import { serverkit } from 'server-kit';\nexport const serverPeek = serverkit;`,
    expect: ['undeclared-package: web/src/components/server-peek.ts -> node_modules/server-kit/index.js'],
  },
  {
    why: 'code that ships imports a test tool (a devDependency)',
    file: 'web/src/data/fresh.ts',
    source: `import { checker } from 'checker';\nexport const fresh = checker;`,
    expect: ['production-imports-dev-package: web/src/data/fresh.ts -> node_modules/checker/index.js'],
  },
];

type Violation = { from: string; to: string; rule: { name: string } };

/** Both configs, as `npm run lint` runs them: the exit status fails if either does; json reports are merged. */
function cruise(dir: string, extra: string[] = []) {
  const results = configs.map((config) =>
    spawnSync(process.execPath, [cruiser, '--config', config, ...extra, 'sync-protocol/src', 'api/src', 'web/src'], {
      cwd: dir,
      encoding: 'utf8',
    }),
  );
  return {
    status: results.find((r) => r.status !== 0)?.status ?? 0,
    stdout: results.map((r) => r.stdout).join('\n'),
    stderr: results.map((r) => r.stderr).join('\n'),
    violations: () =>
      results.flatMap((r) => (JSON.parse(r.stdout) as { summary: { violations: Violation[] } }).summary.violations),
  };
}

function write(dir: string, files: Record<string, string>) {
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), `${source}\n`);
  }
}

describe('import-boundary lint', () => {
  const dirs: string[] = [];
  const tree = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-lint-'));
    dirs.push(dir);
    write(dir, files);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('passes the imports the layout allows', () => {
    const result = cruise(tree(ALLOWED));
    expect(result.stdout + result.stderr).toContain('no dependency violations found');
    expect(result.status).toBe(0);
  }, 30_000);

  it('fails on each forbidden import, and on nothing else', () => {
    const dir = tree({ ...ALLOWED, ...Object.fromEntries(FORBIDDEN.map((f) => [f.file, f.source])) });
    // The default (text) report is what `npm run lint` prints; its exit code fails `npm test`.
    expect(cruise(dir).status).not.toBe(0);
    const found = cruise(dir, ['--output-type', 'json'])
      .violations()
      .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(found.sort()).toEqual(FORBIDDEN.flatMap((f) => f.expect).sort());
  }, 30_000);
});

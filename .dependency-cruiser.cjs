// Import boundaries (DESIGN.md "Layout", STYLE.md 1): `npm run lint`, part of `npm test`.
const { SHARED, TEST_CODE } = require('./.dependency-cruiser-parts.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'feature-imports-feature',
      comment: 'A screen never imports another screen; what two screens share moves to a shared layer.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'feature-imports-shell',
      comment: 'The shell composes the screens, never the other way round.',
      severity: 'error',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'shared-imports-feature-or-shell',
      comment: 'Shared layers sit below every screen and the shell.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: '^web/src/(features|app)/' },
    },
    // The device's data, bottom up (STYLE.md, the house of web/src): data (the local database, live reads, local
    // mutators and the outbox they fill) <- media (captures and their upload) <- sync (the engine). telemetry
    // stands apart, with its own database. Tests may reach higher (a live read's test lands a pull through the
    // engine).
    {
      name: 'data-imports-engine',
      comment:
        'The device data is read and written on the device alone; nothing in it knows the sync engine exists ' +
        '(it carries the outbox data fills), nor media, the logs or the UI.',
      severity: 'error',
      from: { path: '^web/src/data/', pathNot: TEST_CODE },
      to: { path: '^web/src/(sync|media|telemetry|face|components)/' },
    },
    {
      name: 'media-imports-engine',
      comment: 'The engine runs the uploader and nudges it; media never calls the engine, the logs or the UI.',
      severity: 'error',
      from: { path: '^web/src/media/', pathNot: TEST_CODE },
      to: { path: '^web/src/(sync|telemetry|face|components)/' },
    },
    {
      name: 'telemetry-imports-data',
      comment: 'The error and operation logs keep their own database and send it themselves: no app data, no engine.',
      severity: 'error',
      from: { path: '^web/src/telemetry/', pathNot: TEST_CODE },
      to: { path: '^web/src/(data|media|sync|face|components)/' },
    },
    {
      name: 'engine-imports-ui',
      comment: 'The sync engine runs without any screen: the sync badge and drawer use it, never the reverse.',
      severity: 'error',
      from: { path: '^web/src/sync/', pathNot: TEST_CODE },
      to: { path: '^web/src/(components|face)/' },
    },
    {
      name: 'shipped-imports-test-utils',
      comment: 'Test helpers are for tests: shipped code never loads them.',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { path: '^web/src/test-utils/' },
    },
    {
      name: 'web-imports-api',
      comment: 'web and api meet only in sync-protocol.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^api/' },
    },
    {
      name: 'api-imports-web',
      comment: 'web and api meet only in sync-protocol.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^web/' },
    },
    {
      name: 'protocol-imports-app',
      comment: 'sync-protocol is the contract: it depends on neither side.',
      severity: 'error',
      from: { path: '^sync-protocol/' },
      to: { path: '^(web|api)/' },
    },
    {
      name: 'unresolvable-import',
      comment: 'An import the cruiser cannot resolve would slip past every rule above (Vite virtual modules aside).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
    {
      name: 'undeclared-package',
      comment:
        'A package a workspace imports must be declared in its own package.json (or the root one, where the ' +
        'tools every workspace shares live), not merely reachable because another workspace hoisted it.',
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'production-imports-dev-package',
      comment:
        'Code that ships never imports a devDependency (vitest, testing-library, fake-indexeddb…): test helpers ' +
        'live in test files, `*-test-support.ts(x)`, `test-support.ts`, `api/src/test/`, `web/src/test-utils/` or web/e2e.',
      severity: 'error',
      from: { pathNot: TEST_CODE },
      to: { dependencyTypes: ['npm-dev'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // A workspace's package.json plus the root one: the tools every workspace's tests share (vitest,
    // fast-check, axe-core, playwright) are declared once at the root, as npm workspaces intend.
    combinedDependencies: true,
    // Build outputs of the repository and its workspaces; packages' own `dist/` folders stay, or the imports
    // resolving into them (hono, kysely, vitest…) would vanish from the undeclared-package check.
    exclude: { path: '^(web/|api/|sync-protocol/)?dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};

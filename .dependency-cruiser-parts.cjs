// What the two dependency-cruiser configs share (.dependency-cruiser.cjs and .dependency-cruiser-layers.cjs).
const LAYERS = '(components|data|media|telemetry|sync|api|auth|i18n|export|routing|face|audit-events)';
/** A file in one of web's shared layers. */
const SHARED = `^web/src/${LAYERS}/`;
/** One of those layers as a whole: folder-scoped rules name folders, with no trailing slash. Cycles
 * inside one layer (between its own subfolders) are that layer's business. */
const LAYER = `^web/src/${LAYERS}$`;
/** Files that only tests load, so they may import devDependencies. */
const TEST_CODE = [
  '[.](test|e2e)[.]tsx?$',
  '(-test-support|-test-helpers|/test-support|/test-setup)[.]tsx?$',
  '^(web/e2e|api/src/test|web/src/test-utils)/',
];

/** The stack of shared layers, for shipped code only (see .dependency-cruiser-layers.cjs): tests of a layer use
 * the test helpers, which use every layer, and that is no cycle of the app. */
const sharedFolderCycle = {
  name: 'shared-folder-cycle',
  comment: 'The shared layers form a stack: no two of them import each other, even through other files.',
  severity: 'error',
  scope: 'folder',
  from: { path: LAYER },
  to: { circular: true },
};

module.exports = { SHARED, TEST_CODE, sharedFolderCycle };

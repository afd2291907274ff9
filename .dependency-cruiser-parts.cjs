// What the two dependency-cruiser configs share (.dependency-cruiser.cjs and .dependency-cruiser-layers.cjs).

/**
 * web/src's shared layers, top to bottom: each imports only the layers after it here (layerOrder below holds
 * it), so a folder's direction is written down, not left to whoever imports next.
 *   lock          the shared tablet's lock, over every screen (its cover uses the shared UI)
 *   online        the admin screens' online views (TanStack Query on the request path and the app's online state)
 *   components    shared UI: lists, form dialog, pickers, body map, sync status
 *   face          the face-analysis worker and its client
 *   sync          the engine only: push, pull, apply; it runs the uploader and the logs' sending
 *   drafts        the forms kept for their owner (the form dialog writes them)
 *   telemetry, media, audit-events   the device's logs; captures and their upload; the access events
 *   data          the local database, live reads, mutators and the outbox
 *   api           the one request path to the server
 *   auth, vault   the session; the device's data key and sealing
 *   routing, export, i18n            the screens' addresses; CSV; every Japanese string
 * Above them: app (the shell) composes features (the screens), which use the layers. test-utils is for tests.
 * A new folder of web/src goes into one of these lists (scripts/web-layers.test.ts checks that none is left out).
 */
const LAYER_ORDER = [
  'lock',
  'online',
  'components',
  'face',
  'sync',
  'drafts',
  'telemetry',
  'media',
  'audit-events',
  'data',
  'api',
  'auth',
  'vault',
  'routing',
  'export',
  'i18n',
];
/** The folders above the layers, and the one below everything that only tests load. */
const ABOVE_LAYERS = ['app', 'features'];
const TEST_FOLDERS = ['test-utils'];

const LAYERS = `(${LAYER_ORDER.join('|')})`;
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

/** One rule per layer: it never imports a layer listed above it in LAYER_ORDER (shipped code; tests may). */
const layerOrder = LAYER_ORDER.slice(1).map((layer, index) => ({
  name: `layer-order-${layer}`,
  comment: `${layer} sits below ${LAYER_ORDER.slice(0, index + 1).join(', ')} (.dependency-cruiser-parts.cjs, LAYER_ORDER).`,
  severity: 'error',
  from: { path: `^web/src/${layer}/` },
  to: { path: `^web/src/(${LAYER_ORDER.slice(0, index + 1).join('|')})/` },
}));

module.exports = { LAYER_ORDER, ABOVE_LAYERS, TEST_FOLDERS, SHARED, TEST_CODE, sharedFolderCycle, layerOrder };

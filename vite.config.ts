import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { antdStaticStyle } from './scripts/antd-static-style.ts';
import { faceAssets } from './scripts/face-assets.ts';
import { pwaIcons } from './scripts/pwa-icons.ts';
import { theme } from './web/src/app/theme.ts';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const appSource = here('web/src/');
// antd's rc-component and style packages only define things on import, but their package.json does not
// say so (antd's, its icons', zod's and our workspaces' do, and the bundler reads those): without this a
// module of theirs that nothing uses stays in the bundle whenever a barrel file imports it.
const definesOnlyPackages =
  /[\\/]node_modules[\\/](@rc-component[\\/][^\\/]+|@ant-design[\\/](colors|cssinjs|cssinjs-utils|fast-color))[\\/]es[\\/].*\.js$/;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The modules `roots` import statically, directly or not. */
function staticClosure(graph: ModuleGraph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const ZOD_FREE_RULES = /[\\/]sync-protocol[\\/]src[\\/]rules[\\/]/;
const REGION_NAMES = /[\\/]sync-protocol[\\/]src[\\/]body[\\/]region-names\.ts$/;
const BODY_SHAPES =
  /[\\/]sync-protocol[\\/]src[\\/]body[\\/](?:frame|limbs|curve|silhouette|region-shapes|regions|polygon|lookup)\.ts$/;

/**
 * What the app's start loads (its entry's static imports) in one file. Left to itself the bundler cuts
 * it into some 30 small files, one per set of screens sharing each part, which compress worse apart and
 * cost a request each on a tablet. The static login page must not load that file: what both pages use
 * goes into a small file of its own (over-estimated through barrel files, which only makes it larger).
 */
function startChunks() {
  let login: Set<string> | null = null;
  let shared: Set<string> | null = null;
  const closures = (graph: ModuleGraph) => {
    if (!login || !shared) {
      const app = staticClosure(graph, [here('web/index.html')]);
      login = staticClosure(graph, [here('web/login.html')]);
      shared = new Set([...login].filter((m) => app.has(m)));
    }
    return { login, shared };
  };
  return [
    {
      debugName: 'common',
      name: (id: string, graph: ModuleGraph) => (closures(graph).shared.has(id) ? 'common' : null),
      tags: ['$initial' as const],
      priority: 2,
    },
    {
      debugName: 'start',
      name: (id: string, graph: ModuleGraph) => (closures(graph).login.has(id) ? null : 'start'),
      tags: ['$initial' as const],
      priority: 1,
    },
    // The zod-free rules the start does not take (a customer's age, today in Japan) in a small file of their
    // own. Left to the bundler they land in one file with every sync-protocol schema, and a screen that shows
    // an age loads zod with them: 35 KB gzip before the customer list's first row, measured.
    { debugName: 'rules', name: (id: string) => (ZOD_FREE_RULES.test(id) ? 'rules' : null), priority: 0 },
    // The body's outline and region shapes, for the screens that draw a figure or find a region by position.
    // Left to the bundler they joined the small file that names high-pain places, which the diagnosis list
    // loads before its first record: 4 KB gzip more, measured. The region names stay out of it (a group
    // takes what its modules import), captured first into a file of their own.
    { debugName: 'region-names', name: (id: string) => (REGION_NAMES.test(id) ? 'region-names' : null), priority: 1 },
    { debugName: 'body-shapes', name: (id: string) => (BODY_SHAPES.test(id) ? 'body-shapes' : null), priority: 0 },
  ];
}

/**
 * The test files under `folder` that replace or reload modules (`vi.mock`, `vi.resetModules`), found by reading
 * them so a new one cannot be forgotten. They run isolated (a fresh module graph per file, vitest's default);
 * the other api and web logic files share their worker's loaded modules (below).
 */
function filesReloadingModules(folder: string, extension: string): string[] {
  return readdirSync(here(folder), { recursive: true, encoding: 'utf8' })
    .filter(
      (file) =>
        file.endsWith(`.test.${extension}`) &&
        /\bvi\.(?:mock|doMock|resetModules)\(/.test(readFileSync(here(`${folder}/${file}`), 'utf8')),
    )
    .map((file) => `${folder}/${file.replaceAll('\\', '/')}`);
}
const API_ISOLATED = filesReloadingModules('api/src', 'ts');
const WEB_LOGIC_ISOLATED = filesReloadingModules('web/src', 'ts');

export default defineConfig({
  root: here('web'),
  publicDir: here('web/public'),
  build: {
    outDir: here('web/dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1200,
    // Two pages: the app, and the static login screen that paints before any framework loads.
    rolldownOptions: {
      input: { index: here('web/index.html'), login: here('web/login.html') },
      output: { codeSplitting: { groups: startChunks() } },
      // Those packages' modules are side-effect free; for every other module its package.json decides
      // (`undefined`), ours included: web/package.json names the few of its files that act on import.
      treeshake: { moduleSideEffects: (id: string) => (definesOnlyPackages.test(id) ? false : undefined) },
    },
  },
  // The face-analysis worker is an ES module, like the app.
  worker: { format: 'es' },
  plugins: [
    react(),
    antdStaticStyle(theme, appSource),
    pwaIcons(here('web/icons/icon.svg')),
    faceAssets(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // The page registers the worker itself and offers a reload when a new version waits.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // The face models (json + bin) and tfjs's wasm too: analysis works offline from the first day.
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest,json,bin,wasm}'],
        maximumFileSizeToCacheInBytes: 12 * 1024 * 1024,
      },
      manifest: {
        name: 'クリニック管理システム',
        short_name: 'クリニック管理',
        description: '鍼灸・女性の健康クリニックの顧客・来院・診断記録管理',
        lang: 'ja',
        start_url: '/pwa/dashboard',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  test: {
    // Vitest 4 leaves one core free by default (availableParallelism - 1, whatever its documentation says): on the
    // 2-core CI machine that ran every file one after another. Two workers halve the unit run there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'protocol',
          root: here('.'),
          include: ['sync-protocol/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: here('.'),
          include: ['api/src/**/*.test.ts'],
          exclude: API_ISOLATED,
          environment: 'node',
          setupFiles: [here('api/src/test/platform-globals.ts')],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The api files share no state but their modules (each opens its own databases and app), so a worker
          // keeps the modules it has loaded from one file to the next instead of importing them again: measured
          // 220 s → 117 s for the api files here (PGlite's WebAssembly is compiled once per worker, not per file).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api-isolated',
          root: here('.'),
          include: API_ISOLATED,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'model',
          root: here('.'),
          include: ['tests/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          // Screens and components: each file isolated. Rendered in a shared worker they leave the DOM, React's
          // roots and antd's style cache to the next file (measured: 219 failures).
          name: 'web',
          root: here('.'),
          include: ['web/src/**/*.test.tsx', ...WEB_LOGIC_ISOLATED],
          environment: 'happy-dom',
          setupFiles: [here('web/src/test-setup.ts'), here('web/src/test-utils/screen-waits.ts')],
          // Above testing-library's wait (test-utils/screen-waits.ts), so a slow screen fails on what it did not show.
          testTimeout: 15_000,
        },
      },
      {
        plugins: [react()],
        test: {
          // The web's logic (.ts: stores, sync, vault, rules) without isolation, as the api files: measured 57 s →
          // 16 s for these 104 files here. Each uses databases and globals of its own, restoring what it stubs.
          name: 'web-logic',
          root: here('.'),
          include: ['web/src/**/*.test.ts'],
          exclude: WEB_LOGIC_ISOLATED,
          environment: 'happy-dom',
          setupFiles: [here('web/src/test-setup.ts')],
          isolate: false,
        },
      },
    ],
  },
});

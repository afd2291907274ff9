import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The three nets the face analysis runs: the SSD detector, expressions, age and gender. */
const MODELS = ['ssd_mobilenetv1_model', 'face_expression_model', 'age_gender_model'];
/**
 * tfjs's wasm binaries: plain, SIMD and threaded SIMD. tfjs takes the threaded one by itself where the page is
 * cross-origin isolated (the server sends COOP and COEP); its threads' script is inside tfjs's bundle.
 */
const WASM = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

/** Where the built app serves them (web/src/face/face-assets.ts names the same paths). */
export const FACE_ASSET_DIR = 'face';

/** Every face-analysis file, as [path in the build, path on disk], read from the npm packages. */
export function faceAssetFiles(): Array<[string, string]> {
  const models = join(packageDir('@vladmandic/face-api'), 'model');
  const wasm = join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist');
  return [
    ...MODELS.flatMap((name): Array<[string, string]> => [
      [`${FACE_ASSET_DIR}/models/${name}-weights_manifest.json`, join(models, `${name}-weights_manifest.json`)],
      [`${FACE_ASSET_DIR}/models/${name}.bin`, join(models, `${name}.bin`)],
    ]),
    ...WASM.map((name): [string, string] => [`${FACE_ASSET_DIR}/wasm/${name}`, join(wasm, name)]),
    // face-api with its tfjs, as published: the worker loads it by this address (web/src/face/face-worker.ts).
    [`${FACE_ASSET_DIR}/face-api.esm.js`, join(packageDir('@vladmandic/face-api'), 'dist', 'face-api.esm.js')],
  ];
}

/**
 * Copies the face-analysis models and tfjs's wasm binaries from node_modules into the build, so the app
 * serves them itself (no CDN, nothing outside our origin) and the service worker precaches them. In
 * development the same files are served from node_modules.
 */
export function faceAssets(): Plugin {
  return {
    name: 'clinic-face-assets',
    configureServer(server) {
      const files = new Map(faceAssetFiles().map(([path, file]) => [`/${path}`, file]));
      server.middlewares.use((req, res, next) => {
        const file = files.get((req.url ?? '').split('?')[0]!);
        if (!file) return next();
        res.setHeader(
          'content-type',
          file.endsWith('.wasm')
            ? 'application/wasm'
            : file.endsWith('.js')
              ? 'text/javascript'
              : file.endsWith('.json')
                ? 'application/json'
                : 'application/octet-stream',
        );
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [fileName, file] of faceAssetFiles())
        this.emitFile({ type: 'asset', fileName, source: readFileSync(file) });
    },
  };
}

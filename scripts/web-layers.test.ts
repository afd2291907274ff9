import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

type Rule = { name: string; from: { path: string }; to: { path: string } };
type Parts = { LAYER_ORDER: string[]; ABOVE_LAYERS: string[]; TEST_FOLDERS: string[]; layerOrder: Rule[] };

const require = createRequire(import.meta.url);
const parts = require('../.dependency-cruiser-parts.cjs') as Parts;
const layersConfig = require('../.dependency-cruiser-layers.cjs') as { forbidden: Rule[] };
const webSource = fileURLToPath(new URL('../web/src/', import.meta.url));
const folders = readdirSync(webSource, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Whether the layers' lint refuses an import from `from` to `to` (files in those folders of web/src). */
const refused = (from: string, to: string) =>
  layersConfig.forbidden.some(
    (rule) =>
      rule.name.startsWith('layer-order-') &&
      new RegExp(rule.from.path).test(`web/src/${from}/x.ts`) &&
      new RegExp(rule.to.path).test(`web/src/${to}/y.ts`),
  );

describe("web/src's layers (.dependency-cruiser-parts.cjs)", () => {
  it('places every folder of web/src: a layer, above the layers, or for tests only', () => {
    const placed = [...parts.LAYER_ORDER, ...parts.ABOVE_LAYERS, ...parts.TEST_FOLDERS];
    expect(folders.filter((folder) => !placed.includes(folder))).toEqual([]);
    expect(placed.filter((folder) => !folders.includes(folder))).toEqual([]);
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('lets a layer import those below it and refuses those above it, for every pair', () => {
    const order = parts.LAYER_ORDER;
    for (const [i, upper] of order.entries())
      for (const lower of order.slice(i + 1)) {
        expect(refused(lower, upper), `${lower} -> ${upper}`).toBe(true);
        expect(refused(upper, lower), `${upper} -> ${lower}`).toBe(false);
      }
  });

  it('holds the direction of the folders it once left out: drafts below the shared UI and the lock', () => {
    expect(refused('drafts', 'components')).toBe(true);
    expect(refused('drafts', 'lock')).toBe(true);
    expect(refused('vault', 'auth')).toBe(true);
    expect(refused('components', 'drafts')).toBe(false);
    expect(refused('lock', 'drafts')).toBe(false);
  });
});

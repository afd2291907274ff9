// Cost of sealing rows (vault/seal, vault/seal-row), for the README's figures; `BENCH_ONLY=seal npm run bench` runs it:
//   node web/src/test-utils/seal-bench.mjs
// (not a test: vitest does not pick up .mjs files). Times are this machine's; a tablet is about 4× slower.
import { build } from 'esbuild';
import { gcm } from '@noble/ciphers/aes.js';
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = join(dirname(fileURLToPath(import.meta.url)), '../vault');
const bundled = await build({
  stdin: {
    contents: `export { sealRow, openRow, shapeOf } from './seal-row';
      export { setDataKey } from './data-key';`,
    resolveDir: here,
    loader: 'ts',
  },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  write: false,
  external: ['dexie', '@noble/ciphers/*'],
  logLevel: 'silent',
});
const url = join(here, `.seal-bench-${process.pid}.mjs`);
const { writeFileSync, rmSync } = await import('node:fs');
writeFileSync(url, bundled.outputFiles[0].text);
const { sealRow, openRow, shapeOf, setDataKey } = await import(url).finally(() => rmSync(url));

const N = 10_000;
const key = crypto.getRandomValues(new Uint8Array(32));
setDataKey(key.slice());

/** A customer as the device holds it: the server's fields, ~300 bytes of personal text, and its last server copy. */
const customer = (i) => {
  const fields = {
    id: crypto.randomUUID(),
    chartNumber: i + 1,
    name: `山田 花子${i}`,
    nameKana: 'ヤマダ ハナコ',
    age: 34,
    birthDate: '1990-04-01',
    gender: 'female',
    phone: '090-1234-5678',
    email: `hanako${i}@example.jp`,
    address: '東京都千代田区千代田1-1-1',
    medicalHistory: '腰痛、右肩の可動域制限',
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
    updatedBy: 'admin',
    version: i + 1,
    deleted: false,
  };
  return { ...fields, pending: 0, server: null };
};
const rows = Array.from({ length: N }, (_, i) => customer(i));
const shape = shapeOf(
  {
    name: 'customers',
    primaryKey: { keyPath: 'id', extractKey: (row) => row.id },
    indexes: ['pending', 'chartNumber', 'gone'].map((keyPath) => ({ keyPath })),
  },
  { readable: ['id', 'pending', 'chartNumber', 'gone', 'version', 'deleted'] },
);
const rowBytes = new TextEncoder().encode(JSON.stringify(rows[0])).length;

const cpuMs = (start) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};
const report = (label, ms) =>
  console.log(
    `${label.padEnd(58)} ${((ms * 1000) / N).toFixed(1).padStart(6)} µs/row  ${ms.toFixed(0).padStart(5)} ms / ${N}`,
  );
/**
 * CPU time of this process (not the wall clock: the machine is shared, and other processes' turns are not
 * ours), the best of three runs after a warm-up.
 */
function time(label, fn) {
  let result = fn();
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = process.cpuUsage();
    result = fn();
    best = Math.min(best, cpuMs(start));
  }
  report(label, best);
  lastBest = best;
  return result;
}
let lastBest = 0;
async function timeAsync(label, fn) {
  let result = await fn();
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = process.cpuUsage();
    result = await fn();
    best = Math.min(best, cpuMs(start));
  }
  report(label, best);
  return result;
}

console.log(`${N} customer rows, ~${rowBytes} bytes of JSON each\n`);
const encoder = new TextEncoder();
const decoder = new TextDecoder();
time('JSON stringify + parse only (no cipher)', () =>
  rows.map((r) => JSON.parse(decoder.decode(encoder.encode(JSON.stringify(r))))),
);

const plain = rows.map((r) => encoder.encode(JSON.stringify(r)));
const nonce = () => crypto.getRandomValues(new Uint8Array(12));
const nobleSealed = time('noble gcm() seal (key schedule + GHASH table per row)', () =>
  plain.map((p) => {
    const n = nonce();
    return [n, gcm(key, n).encrypt(p)];
  }),
);
time('noble gcm() open', () => nobleSealed.map(([n, c]) => gcm(key, n).decrypt(c)));

const aad = encoder.encode('["customers","0193a2c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b"]');
const xSealed = time('noble xchacha20poly1305 seal (the rows’ cipher now)', () =>
  plain.map((p) => {
    const n = crypto.getRandomValues(new Uint8Array(24));
    return [n, xchacha20poly1305(key, n, aad).encrypt(p)];
  }),
);
time('noble xchacha20poly1305 open', () => xSealed.map(([n, c]) => xchacha20poly1305(key, n, aad).decrypt(c)));

const cryptoKey = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt']);
const webSealed = await timeAsync('WebCrypto seal, one await per row', async () => {
  const out = [];
  for (const p of plain) {
    const iv = nonce();
    out.push([iv, await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, cryptoKey, p)]);
  }
  return out;
});
await timeAsync('WebCrypto open, one await per row', async () => {
  for (const [iv, c] of webSealed) await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, cryptoKey, c);
});
await timeAsync('WebCrypto open, all rows at once (Promise.all)', () =>
  Promise.all(webSealed.map(([iv, c]) => crypto.subtle.decrypt({ name: 'AES-GCM', iv }, cryptoKey, c))),
);

console.log('\nThe middleware as the database uses it (split, JSON, seal / open, merge):');
const stored = time('sealRow (customers)', () => rows.map((r) => sealRow(shape, r, r.id)));
const opened = time('openRow (customers)', () => stored.map((s, i) => openRow(shape, s, rows[i].id)));
if (opened.some((o, i) => o.row?.name !== rows[i].name))
  throw new Error(`a row did not open: ${JSON.stringify(opened[0]).slice(0, 200)}`);
const perSecond = (ms) => Math.round(N / (ms / 1000)).toLocaleString();
const cycle = time('sealRow + openRow, one customer-sized row', () =>
  rows.map((r) => openRow(shape, sealRow(shape, r, r.id), r.id)),
);
void cycle;
console.log(
  `  = ${perSecond(lastBest)} customer rows sealed and opened per second (this machine; a tablet about 4× fewer)`,
);

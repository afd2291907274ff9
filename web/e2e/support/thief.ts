import type { Page } from '@playwright/test';
import { PROTOCOL_VERSION } from '@clinic/sync-protocol';

/**
 * The thief's tools (issue 34): whoever holds the tablet with the session still valid reads what the browser
 * keeps raw, not through the app, and tries every token-like value against the server. Nothing may work.
 */

/** One value the browser keeps, and where: `idb <db>/<store>/<key><path>`, `cache <url>`, `localStorage <key><path>`. */
export type StoredItem = {
  where: string;
  value: string;
  /** how `value` was read: a string as stored, or bytes as text or encoded */
  form: 'string' | 'utf8' | 'utf16le' | 'base64' | 'base64url' | 'hex' | 'body';
};

/**
 * Every IndexedDB record, Cache Storage entry and web-storage item of the page's origin, read raw. Strings that
 * hold JSON are read into too; bytes (typed arrays, buffers, blobs, extractable CryptoKeys) come as UTF-8,
 * UTF-16LE, base64, base64url and hex. The precached app files are only searched for `watched` (see readableIn).
 */
export function rawDump(page: Page, watched: string[]): Promise<StoredItem[]> {
  return page.evaluate(async (needles) => {
    const items: StoredItem[] = [];
    const base64 = (data: Uint8Array) => btoa(Array.from(data, (b) => String.fromCharCode(b)).join(''));
    const bytes = (where: string, data: Uint8Array) => {
      const b64 = base64(data);
      items.push(
        { where, value: new TextDecoder('utf-8').decode(data), form: 'utf8' },
        { where, value: new TextDecoder('utf-16le').decode(data), form: 'utf16le' },
        { where, value: b64, form: 'base64' },
        { where, value: b64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''), form: 'base64url' },
        { where, value: Array.from(data, (b) => b.toString(16).padStart(2, '0')).join(''), form: 'hex' },
      );
    };
    const walk = async (where: string, value: unknown, depth: number): Promise<void> => {
      if (value == null || depth > 20) return;
      if (typeof value === 'string') {
        items.push({ where, value, form: 'string' });
        if (/^\s*[[{]/.test(value))
          try {
            await walk(where, JSON.parse(value) as unknown, depth + 1);
          } catch {
            // not JSON: the string as it is was enough
          }
      } else if (typeof value === 'number' || typeof value === 'bigint')
        items.push({ where, value: String(value), form: 'string' });
      else if (value instanceof Blob) bytes(where, new Uint8Array(await value.arrayBuffer()));
      else if (value instanceof ArrayBuffer) bytes(where, new Uint8Array(value));
      else if (ArrayBuffer.isView(value))
        bytes(where, new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      else if (value instanceof CryptoKey) {
        // A key the app made extractable is as good as raw bytes to a thief.
        if (value.extractable && value.type !== 'private')
          bytes(
            `${where}(CryptoKey)`,
            new Uint8Array(await crypto.subtle.exportKey('raw', value).catch(() => new ArrayBuffer(0))),
          );
      } else if (value instanceof Map) for (const [k, v] of value) await walk(`${where}[${String(k)}]`, v, depth + 1);
      else if (value instanceof Set || Array.isArray(value)) {
        let i = 0;
        for (const v of value) await walk(`${where}[${i++}]`, v, depth + 1);
      } else if (typeof value === 'object')
        for (const [k, v] of Object.entries(value)) {
          items.push({ where: `${where}{key}`, value: k, form: 'string' });
          await walk(`${where}.${k}`, v, depth + 1);
        }
    };

    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
      });
      for (const store of db.objectStoreNames) {
        const [keys, rows] = await new Promise<[IDBValidKey[], unknown[]]>((resolve, reject) => {
          const objects = db.transaction(store).objectStore(store);
          const k = objects.getAllKeys();
          const all = objects.getAll();
          all.onsuccess = () => resolve([k.result, all.result]);
          all.onerror = () => reject(all.error ?? new Error('getAll failed'));
        });
        for (const [i, row] of rows.entries()) {
          const where = `idb ${name}/${store}/${JSON.stringify(keys[i]) ?? i}`;
          await walk(`${where}{primary key}`, keys[i], 0);
          await walk(where, row, 0);
        }
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const where = `cache ${name} ${request.url}`;
        const response = await cache.match(request);
        if (!response) continue;
        const type = response.headers.get('content-type') ?? '';
        const body = new Uint8Array(await response.arrayBuffer());
        if (name.startsWith('workbox-precache')) {
          // The app's own files, as the server hands them to anyone: not tried as tokens, only searched for
          // the watched values here (megabytes: only what they hold of them comes back).
          const text = [request.url, ...['utf-8', 'utf-16le'].map((e) => new TextDecoder(e).decode(body))].join('\n');
          for (const needle of needles) if (text.includes(needle)) items.push({ where, value: needle, form: 'body' });
          continue;
        }
        items.push({ where, value: request.url, form: 'string' });
        for (const [key, value] of new URL(request.url).searchParams) await walk(`${where}?${key}`, value, 0);
        if (/json/.test(type) || (body.length < 8_192 && !/image|font|wasm|octet/.test(type)))
          await walk(where, new TextDecoder().decode(body), 0); // an answer the app kept: read into, like storage
        else
          items.push(
            { where, value: new TextDecoder('utf-8').decode(body), form: 'body' },
            { where, value: new TextDecoder('utf-16le').decode(body), form: 'body' },
          );
      }
    }
    for (const [label, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const)
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i)!;
        items.push({ where: `${label} ${key}{key}`, value: key, form: 'string' });
        await walk(`${label} ${key}`, storage.getItem(key) ?? '', 0);
      }
    return items;
  }, watched.flatMap(formsOf));
}

/** A value as a thief could find it: as written, or as base64 of its UTF-8 or UTF-16LE bytes. */
const formsOf = (value: string) => [
  value,
  Buffer.from(value, 'utf8').toString('base64'),
  Buffer.from(value, 'utf16le').toString('base64'),
];

/** Which of `values` can be read in the dump: as written, or as base64 of their UTF-8 or UTF-16LE bytes. */
export function readableIn(items: StoredItem[], values: string[]): string[] {
  const found: string[] = [];
  for (const value of values) {
    const forms = formsOf(value);
    const where = items.find((item) => forms.some((form) => item.value.includes(form)))?.where;
    if (where) found.push(`${value} in ${where}`);
  }
  return found;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const ONE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JWT = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}$/;
const BASE64 = /^[A-Za-z0-9+/_-]{16,}={0,2}$/;
/** Bounds the tries: a few hundred values, most likely first. */
const MAX_CANDIDATES = 250;

export type Candidates = {
  /** token-like value → every place it was read */
  tokens: Map<string, string[]>;
  /** UUIDs (client ids, user ids), the device's own (the `meta` store) first */
  uuids: string[];
};

/** The token-like values of a dump: strings of 16+ characters, JWTs, base64, UUIDs (deduplicated, bounded). */
export function candidatesOf(items: StoredItem[]): Candidates {
  const tokens = new Map<string, string[]>();
  const uuids = new Map<string, string>();
  const score = (value: string, where: string) =>
    (JWT.test(value) ? 0 : ONE_UUID.test(value) ? 1 : BASE64.test(value) ? 2 : 3) * 10 +
    (/^(local|session)Storage/.test(where) ? 0 : /^idb/.test(where) ? 1 : 2);
  for (const { where, value: raw, form } of items) {
    if (form === 'body' || form === 'utf16le') continue; // whole app files, and bytes already seen as UTF-8
    const value = raw.trim();
    for (const uuid of value.match(UUID) ?? []) if (!uuids.has(uuid)) uuids.set(uuid, where);
    // Bytes as text are mostly noise: only printable ones count.
    if (form === 'utf8' && !/^[\x21-\x7e]+$/.test(value)) continue;
    if (value.length < 16 || value.length > 4_096) continue;
    tokens.set(value, [...(tokens.get(value) ?? []), `${where}${form === 'string' ? '' : ` (${form})`}`]);
  }
  const ranked = [...tokens].sort(([a, wa], [b, wb]) => score(a, wa[0]!) - score(b, wb[0]!));
  return {
    tokens: new Map(ranked.slice(0, MAX_CANDIDATES)),
    uuids: [...uuids].sort(([, a], [, b]) => Number(!/\/meta\//.test(a)) - Number(!/\/meta\//.test(b))).map(([u]) => u),
  };
}

/** A request of the thief's that the server answered 2xx: the stored item, the route, the status. */
export type Hit = { from: string; route: string; status: number };

type Try = {
  from: string;
  route: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
};

async function send(baseURL: string, t: Try): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseURL}${t.path}`, {
    method: t.method,
    headers: { 'content-type': 'application/json', ...t.headers },
    body: t.body === undefined ? undefined : JSON.stringify(t.body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

/** Runs the tries eight at a time; answers each one's status. */
async function pool(baseURL: string, tries: Try[]): Promise<{ t: Try; status: number; json: unknown }[]> {
  const results: { t: Try; status: number; json: unknown }[] = [];
  let next = 0;
  const lane = async () => {
    while (next < tries.length) {
      const t = tries[next++]!;
      results.push({ t, ...(await send(baseURL, t)) });
    }
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  return results;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const pullBody = (clientId: string) => ({ protocolVersion: PROTOCOL_VERSION, clientId, cookie: 0 });
const placeOf = (places: string[]) =>
  places.slice(0, 2).join(' = ') + (places.length > 2 ? ` (+${places.length - 2})` : '');

/** The reads a bearer token alone could give: the device's key, a pull of all the data, the customer list. */
function bearerTries(from: string, token: string, clientIds: string[]): Try[] {
  return [
    { from, route: 'GET /api/customers', path: '/api/customers?limit=1', method: 'GET', headers: bearer(token) },
    ...clientIds.flatMap((clientId): Try[] => [
      {
        from,
        route: `POST /api/device-key {clientId: ${clientId}}`,
        path: '/api/device-key',
        method: 'POST',
        headers: bearer(token),
        body: { clientId },
      },
      {
        from,
        route: `POST /api/sync/pull {clientId: ${clientId}}`,
        path: '/api/sync/pull',
        method: 'POST',
        headers: bearer(token),
        body: pullBody(clientId),
      },
    ]),
  ];
}

/**
 * Tries every candidate against the server from the test process, as the thief would with what they read:
 * as a bearer token (GET /api/customers, POST /api/device-key and /api/sync/pull with each UUID as the
 * client id), as a refresh token (POST /api/auth/refresh, whose new access token is then tried as a bearer),
 * and as X-Device-Credential beside any bearer the server took. Answers every 2xx, with where the value was.
 */
export async function tryCandidates(
  baseURL: string,
  { tokens, uuids }: Candidates,
): Promise<{ hits: Hit[]; tries: number }> {
  // Without any UUID a made-up one still tests the token: the server checks the bearer first.
  const clientIds = (uuids.length > 0 ? uuids : [crypto.randomUUID()]).slice(0, 12);
  const [first] = clientIds as [string];
  const hits: Hit[] = [];
  let tries = 0;
  /** bearers the server took (any answer but 401), with where they came from */
  const accepted = new Map<string, string>();
  /** bearers that pulled without any device credential: one tried beside them would prove nothing */
  const pulls = new Set<string>();
  const record = (results: { t: Try; status: number }[]) => {
    tries += results.length;
    for (const { t, status } of results)
      if (status >= 200 && status < 300) hits.push({ from: t.from, route: t.route, status });
  };
  const asBearers = async (list: [string, string][]) => {
    // One client id first: a refused token is refused whatever the body says. A taken one tries them all.
    const results = await pool(
      baseURL,
      list.flatMap(([token, from]) => bearerTries(from, token, [first]).map((t) => ({ ...t, token }))),
    );
    record(results);
    const taken = new Map<string, string>();
    for (const { t, status } of results) {
      const { token } = t as Try & { token: string };
      if (status !== 401) taken.set(token, t.from);
      if (status >= 200 && status < 300 && t.path === '/api/sync/pull') pulls.add(token);
    }
    for (const [token, from] of taken) accepted.set(token, from);
    record(
      await pool(
        baseURL,
        [...taken].flatMap(([token, from]) => bearerTries(from, token, clientIds.slice(1)).slice(1)),
      ),
    );
  };

  // Bearers before refresh: a refresh spends the token, and the thief wants everything.
  await asBearers([...tokens].map(([token, places]) => [token, `${placeOf(places)} (as bearer)`]));

  const refreshes = await pool(
    baseURL,
    [...tokens].map(([token, places]) => ({
      from: `${placeOf(places)} (as refreshToken)`,
      route: 'POST /api/auth/refresh',
      path: '/api/auth/refresh',
      method: 'POST' as const,
      headers: {},
      body: { refreshToken: token },
    })),
  );
  record(refreshes);
  const minted: [string, string][] = [];
  for (const { t, status, json } of refreshes) {
    const access = (json as { data?: { accessToken?: unknown } } | null)?.data?.accessToken;
    if (status >= 200 && status < 300 && typeof access === 'string')
      minted.push([access, `access token from refresh with ${t.from}`]);
  }
  await asBearers(minted);

  // A device secret beside a bearer the server took but whose pull it refused: anything stored here as
  // X-Device-Credential must not turn that refusal into the data.
  const withCredential: Try[] = [...accepted]
    .filter(([token]) => !pulls.has(token))
    .slice(0, 2)
    .flatMap(([token, bearerFrom]) =>
      [...tokens].slice(0, 150).map(([credential, places]) => ({
        from: `${placeOf(places)} (as X-Device-Credential, with ${bearerFrom})`,
        route: `POST /api/sync/pull {clientId: ${first}}`,
        path: '/api/sync/pull',
        method: 'POST' as const,
        headers: { ...bearer(token), 'x-device-credential': credential },
        body: pullBody(first),
      })),
    );
  record(await pool(baseURL, withCredential));
  return { hits, tries };
}

/** The hits as lines for a failure message: which stored item opened which route. */
export function describeHits(hits: Hit[]): string[] {
  // One line per stored item: the routes it opened, each with how many client ids it opened it for.
  const byItem = new Map<string, Map<string, number>>();
  for (const { from, route, status } of hits) {
    const routes = byItem.get(from) ?? new Map<string, number>();
    const key = `${route.replace(/ \{clientId: .*\}$/, '')} ${status}`;
    routes.set(key, (routes.get(key) ?? 0) + 1);
    byItem.set(from, routes);
  }
  return [...byItem].map(
    ([from, routes]) =>
      `${from} → ${[...routes].map(([route, n]) => (n > 1 ? `${route} (×${n} client ids)` : route)).join(', ')}`,
  );
}

/**
 * Asks the service worker that controls `page` for the data key, as the app's own pages do (VAULT_KEY_GET),
 * once for each UUID as the user id. Answers the ids it gave a key for.
 */
export function keysFromWorker(page: Page, userIds: string[]): Promise<string[]> {
  return page.evaluate(async (ids) => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) throw new Error('no service worker controls this page: the question would prove nothing');
    const ask = (userId: string) =>
      new Promise<boolean>((resolve) => {
        const channel = new MessageChannel();
        const timer = setTimeout(() => resolve(false), 3_000);
        channel.port1.onmessage = (event: MessageEvent<{ key?: ArrayBuffer | null }>) => {
          clearTimeout(timer);
          resolve(Boolean(event.data?.key && event.data.key.byteLength > 0));
        };
        worker.postMessage({ type: 'VAULT_KEY_GET', userId }, [channel.port2]);
      });
    const given: string[] = [];
    for (const id of ids) if (await ask(id)) given.push(id);
    return given;
  }, userIds);
}

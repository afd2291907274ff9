/**
 * What a client sent, made safe to store: a rejection keeps the mutation's args, and recording it must
 * not fail whatever they hold (a failure would roll the mutation back and stop the client's queue).
 */

export const SAFE_ARGS_LIMITS = {
  /** Containers nested deeper are cut: serializing a deep value recursively overflows the stack. */
  maxDepth: 32,
  /** UTF-8 bytes of the stored JSON. */
  maxBytes: 64 * 1024,
  /** When args are over size, each string keeps this many characters, so every field shows its start. */
  previewChars: 200,
} as const;
export type SafeArgsLimits = { maxDepth: number; maxBytes: number; previewChars: number };

/** Stands in for a container nested too deep, or one that contains itself. */
export const CUT = '…';

/** Stored instead of args that had to be cut: says so, and keeps what fitted. */
export interface TruncatedArgs {
  truncated: true;
  reason: 'depth' | 'size';
  kept: unknown;
}

type Walk = {
  maxDepth: number;
  maxChars: number;
  /** UTF-8 bytes of JSON still allowed. */
  budget: number;
  tooDeep: boolean;
  shortened: boolean;
  full: boolean;
  ancestors: Set<object>;
};

const bytes = (json: string) => Buffer.byteLength(json, 'utf8');

/** A JSON-safe copy of anything, capped in depth and size (else a TruncatedArgs). Never throws. */
export function safeArgs(value: unknown, limits: SafeArgsLimits = SAFE_ARGS_LIMITS): unknown {
  try {
    const whole = walk(value, limits, Infinity);
    if (!whole.tooDeep && !whole.shortened && !whole.full) return whole.copy;
    if (!whole.shortened && !whole.full) return marker('depth', whole.copy, limits);
    // Over size: every string is shortened first, so the small fields (an id, a name) are kept too.
    return marker('size', walk(value, limits, limits.previewChars).copy, limits);
  } catch {
    return { truncated: true, reason: 'size', kept: null } satisfies TruncatedArgs;
  }
}

/** The stored text of safeArgs(value). Never throws. */
export function safeArgsJson(value: unknown, limits: SafeArgsLimits = SAFE_ARGS_LIMITS): string {
  return JSON.stringify(safeArgs(value, limits)) ?? 'null';
}

/**
 * A client-sent string made storable in a text column: capped in length, and NUL (which PostgreSQL
 * refuses) and lone surrogates replaced by U+FFFD. Anything but a string gives null.
 */
export function safeText(value: unknown, maxLength: number): string | null {
  if (typeof value !== 'string') return null;
  return cutString(value, maxLength)
    .replaceAll('\u0000', '\ufffd')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

function marker(reason: TruncatedArgs['reason'], kept: unknown, limits: SafeArgsLimits): TruncatedArgs {
  const result: TruncatedArgs = { truncated: true, reason, kept };
  // The budget is counted as the copy is made; this guards the limit should the count be off.
  return bytes(JSON.stringify(result)) <= limits.maxBytes ? result : { truncated: true, reason, kept: null };
}

function walk(value: unknown, limits: SafeArgsLimits, maxChars: number) {
  // Room is left for the marker around what is kept.
  const state: Walk = {
    maxDepth: limits.maxDepth,
    maxChars,
    budget: limits.maxBytes - 100,
    tooDeep: false,
    shortened: false,
    full: false,
    ancestors: new Set(),
  };
  const copy = copyOf(value, 0, state) ?? null;
  return { copy, tooDeep: state.tooDeep, shortened: state.shortened, full: state.full };
}

/** undefined means "leave out", as JSON does for undefined and functions in an object. */
function copyOf(value: unknown, depth: number, state: Walk): unknown {
  switch (typeof value) {
    case 'string':
      return takeString(value, state);
    case 'number':
      return take(Number.isFinite(value) ? value : null, state);
    case 'boolean':
      return take(value, state);
    case 'bigint':
      return takeString(value.toString(), state);
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'object':
      return value === null ? take(null, state) : copyContainer(value, depth + 1, state);
  }
}

function copyContainer(value: object, depth: number, state: Walk): unknown {
  if (depth > state.maxDepth || state.ancestors.has(value)) {
    state.tooDeep = true;
    return take(CUT, state);
  }
  if (!spend(2, state)) return undefined;
  state.ancestors.add(value);
  try {
    return Array.isArray(value) ? copyArray(value, depth, state) : copyObject(value, depth, state);
  } catch {
    // A getter or a proxy threw: what it hides is left out.
    state.shortened = true;
    return undefined;
  } finally {
    state.ancestors.delete(value);
  }
}

function copyArray(value: unknown[], depth: number, state: Walk): unknown[] {
  const out: unknown[] = [];
  for (const item of value) {
    if (!spend(1, state)) break;
    out.push(copyOf(item, depth, state) ?? null);
  }
  return out;
}

function copyObject(value: object, depth: number, state: Walk): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const key of Object.keys(value)) {
    if (!spend(bytes(JSON.stringify(key)) + 2, state)) break;
    const copy = copyOf((value as Record<string, unknown>)[key], depth, state);
    if (copy !== undefined) entries.push([key, copy]);
  }
  // fromEntries defines "__proto__" as an own key, where assignment would set the prototype.
  return Object.fromEntries(entries);
}

/** Takes `cost` from the budget, or marks the copy full (and nothing more is added). */
function spend(cost: number, state: Walk): boolean {
  if (state.full || cost > state.budget) {
    state.full = true;
    return false;
  }
  state.budget -= cost;
  return true;
}

function take<T extends number | boolean | string | null>(value: T, state: Walk): T | undefined {
  return spend(bytes(JSON.stringify(value)), state) ? value : undefined;
}

function takeString(value: string, state: Walk): string | undefined {
  if (state.full) return undefined;
  let kept = cutString(value, Math.min(state.maxChars, state.budget));
  let cost = bytes(JSON.stringify(kept));
  // Escapes and multi-byte characters make the JSON longer than the string: halve until it fits.
  while (cost > state.budget && kept.length > 0) {
    kept = cutString(kept, Math.floor(kept.length / 2));
    cost = bytes(JSON.stringify(kept));
  }
  if (kept.length < value.length) state.shortened = true;
  return spend(cost, state) ? kept : undefined;
}

/** The first `max` code units, without leaving half of a surrogate pair at the end. */
function cutString(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = Math.max(0, Math.floor(max));
  const last = value.charCodeAt(end - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}

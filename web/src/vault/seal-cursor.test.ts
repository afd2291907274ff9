import type { DBCoreCursor } from 'dexie';
import { describe, expect, it } from 'vitest';
import { openingCursor, sealRow, shapeOf } from './seal-middleware';

/**
 * A cursor as a browser makes it: its getters throw when read with another object as `this` (Chrome's
 * "Illegal invocation"). fake-indexeddb's cursors do not check, so the middleware's tests cannot see it.
 */
class BrowserLikeCursor {
  readonly #key: unknown;
  readonly #primaryKey: unknown;
  readonly #value: unknown;
  constructor(key: unknown, primaryKey: unknown, value: unknown) {
    this.#key = key;
    this.#primaryKey = primaryKey;
    this.#value = value;
  }
  get key() {
    return this.#key; // a private field: reading it through another object throws, as a native getter does
  }
  get primaryKey() {
    return this.#primaryKey;
  }
  get value() {
    return this.#value;
  }
}

describe('a sealed table read through a cursor', () => {
  const shape = shapeOf(
    {
      name: 'customers',
      primaryKey: { keyPath: 'id', name: '', compound: false, isPrimaryKey: true, extractKey: () => undefined },
      indexes: [],
      getIndexByKeyPath: () => undefined,
    },
    { readable: ['id', 'pending'] },
  );

  it('gives the cursor its own key and primary key, and the opened row', () => {
    const stored = sealRow(shape, { id: 'c1', pending: 0, name: '佐藤 花子' }, 'c1');
    const cursor = new BrowserLikeCursor('c1', 'c1', stored) as unknown as DBCoreCursor;
    const opened = openingCursor(shape, cursor);
    expect(opened.key).toBe('c1');
    expect(opened.primaryKey).toBe('c1');
    expect(opened.value).toEqual({ id: 'c1', pending: 0, name: '佐藤 花子' });
  });
});

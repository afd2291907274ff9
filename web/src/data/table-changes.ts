import Dexie, { type IndexableType, type IntervalTree, type ObservabilitySet, RangeSet, cmp } from 'dexie';

/** The primary keys a committed write touched in one table, or 'all' when Dexie names a range (a clear, a bulk write). */
export type ChangedKeys = readonly IndexableType[] | 'all';
/** Changed tables of one database by name, as one committed transaction (here or in another tab) left them. */
export type TableChanges = ReadonlyMap<string, ChangedKeys>;

/**
 * The keys in one of Dexie's interval trees, or 'all' when it holds a range rather than single keys.
 * A tree from another tab arrives as a plain object (structured clone); RangeSet(tree) gives it back its iterator.
 */
function keysOf(tree: IntervalTree): ChangedKeys {
  const keys: IndexableType[] = [];
  for (const node of RangeSet(tree)) {
    if (cmp(node.from, node.to) !== 0) return 'all';
    keys.push(node.from);
  }
  return keys;
}

/**
 * Calls `listener` after every committed write transaction on `db`, in this tab or another, with the
 * tables it changed. Built on Dexie's documented `storagemutated` event (the one liveQuery uses): every
 * writer is seen, none has to announce its writes. Dexie names single keys for writes of fewer than 50
 * rows and a range for larger ones, a clear, a re-created database, or a page restored from the
 * back-forward cache ('all').
 */
export function onTableChanges(db: Dexie, listener: (changes: TableChanges) => void): () => void {
  const handler = (parts: ObservabilitySet) => {
    const prefix = `idb://${db.name}/`;
    const changes = new Map<string, ChangedKeys>();
    for (const [part, tree] of Object.entries(parts)) {
      if (part === 'all') {
        for (const table of db.tables) changes.set(table.name, 'all');
        break;
      }
      if (!part.startsWith(prefix)) continue;
      const [table, index] = part.slice(prefix.length).split('/');
      // '' is the primary keys of the rows written or deleted; other parts are indexes of the same rows.
      if (table === undefined || index !== '') continue;
      const keys = keysOf(tree);
      if (keys === 'all' || keys.length > 0) changes.set(table, keys);
    }
    if (changes.size > 0) listener(changes);
  };
  Dexie.on('storagemutated', handler);
  return () => Dexie.on('storagemutated').unsubscribe(handler);
}

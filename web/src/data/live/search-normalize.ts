/** Customer search on the device: keys and query both go through the shared search normalisation. */
import { normalizeForSearch } from '@clinic/sync-protocol/rules';

type Searchable = { name: string; nameKana: string; phone: string; email: string; chartNumber?: number | null };

// A line break never survives normalisation, so a query cannot match across two fields.
const FIELD_SEPARATOR = '\n';

/** One precomputed key per customer, built once when the row enters the cache; a カルテ番号 finds its customer too. */
export function customerSearchKey(c: Searchable): string {
  return [c.name, c.nameKana, c.phone, c.email, String(c.chartNumber ?? '')]
    .map(normalizeForSearch)
    .join(FIELD_SEPARATOR);
}

/** Plain loop over precomputed keys: 10,000 rows take a few milliseconds. */
function keep<T extends { searchKey: string }>(items: readonly T[], normalized: string): readonly T[] {
  const out: T[] = [];
  for (const item of items) if (item.searchKey.includes(normalized)) out.push(item);
  return out;
}

/**
 * A filter for the rows whose search key contains the normalised query (all rows for an empty one).
 * It remembers its last answer: when the query still contains the previous one (the usual case,
 * typing one more character) only the previous matches can match, so only they are checked. Any other
 * change (new rows, a deleted character) filters everything again.
 */
export function createNarrowingFilter<T extends { searchKey: string }>() {
  let last: { items: readonly T[]; query: string; result: readonly T[] } | null = null;
  return (items: readonly T[], query: string): readonly T[] => {
    const q = normalizeForSearch(query);
    if (q === '') return items;
    const from = last && last.items === items && q.includes(last.query) ? last.result : items;
    const result = keep(from, q);
    last = { items, query: q, result };
    return result;
  };
}

/**
 * Equality of stored values as a person means it: objects compare by their entries whatever the key
 * order, arrays element by element, and a missing value equals null (a column read back as null is the
 * same blank the form left undefined). `JSON.stringify` gets both of those wrong.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) if (!sameValue(x[key], y[key])) return false;
  return true;
}

export type FieldDiff<F> = { patch: Partial<F>; base: Partial<F>; changed: boolean };

/**
 * What an edit changed, field by field: the new values (`patch`) and the values they replace (`base`),
 * so the server can tell when someone else changed a field meanwhile (DESIGN.md "Conflicts"). Only the
 * listed fields are compared; `next` may hold fewer (a REST body names only what it sets).
 */
export function diffFields<F extends object>(
  fields: readonly (keyof F)[],
  original: F,
  next: Partial<F>,
): FieldDiff<F> {
  const patch: Partial<F> = {};
  const base: Partial<F> = {};
  for (const field of fields) {
    if (!(field in next) || next[field] === undefined) continue;
    if (sameValue(next[field], original[field])) continue;
    patch[field] = next[field];
    base[field] = original[field];
  }
  return { patch, base, changed: Object.keys(patch).length > 0 };
}

/** A string at a path inside a refused change's args, which may be anything (they failed validation). */
export function stringAt(args: unknown, ...path: string[]): string | null {
  let value = args;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return null;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

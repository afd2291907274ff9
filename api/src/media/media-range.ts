/** The bytes a Range header asks for, inclusive. */
export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of a file of `size` bytes: `a-b`, `a-` or the last `-n`. No header (or another
 * unit) means the whole file; several ranges are answered whole too, which HTTP allows. A range
 * that is malformed or lies beyond the file is 'unsatisfiable' (416).
 */
export function parseRange(header: string | undefined | null, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const spec = match[1]!.trim();
  if (spec.includes(',')) return null;
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return 'unsatisfiable';
  if (parts[1] === '') {
    const suffix = Number(parts[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(parts[1]);
  const end = parts[2] === '' ? size - 1 : Math.min(Number(parts[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

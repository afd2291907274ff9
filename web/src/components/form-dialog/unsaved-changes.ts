import { sameValue } from '@clinic/sync-protocol';

/** A field cleared back to nothing is as blank as one never touched (antd leaves '' behind). */
const blankAsNull = (value: unknown): unknown => (value === '' ? null : value);

/**
 * Whether closing would lose something the person typed: the form's values compared with the ones it
 * opened with, by content (sameValue), so typing a value and then typing the original back is no change.
 */
export function hasUnsavedChanges(current: object, initial: object): boolean {
  const now = current as Record<string, unknown>;
  const before = initial as Record<string, unknown>;
  const keys = new Set([...Object.keys(now), ...Object.keys(before)]);
  for (const key of keys) if (!sameValue(blankAsNull(now[key]), blankAsNull(before[key]))) return true;
  return false;
}

import { useLiveRead } from '../../data/live-read';
import { localDb } from '../../data/local-db';

/**
 * Whether the device holds any visit at all, asked only while the list is empty (`asking`): it tells
 * 来院記録がありません from 条件に一致する来院記録がありません. Undefined until known.
 */
export function useAnyVisits(asking: boolean): boolean | undefined {
  const { loaded, data } = useLiveRead(
    async () => (asking ? (await localDb.visits.filter((v) => !v.deleted).first()) !== undefined : true),
    [asking],
  );
  return loaded ? data : undefined;
}

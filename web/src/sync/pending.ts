import { localDb } from '../data/local-db';
import { readPendingCount } from './pending-count';

/**
 * What waits on this device (read fresh, not from the status store): a logout must not lose it. The same
 * count as the top bar's (pending-count.ts).
 */
export const countPendingChanges = (): Promise<number> => readPendingCount(localDb);

import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../data/local-db';
import { type PendingItem, listPendingItems } from './pending-items';

/** 同期の状況's waiting list, live: it shrinks as the server confirms what it has. */
export function usePendingItems(): readonly PendingItem[] {
  return useLiveQuery(() => listPendingItems(localDb).catch(() => []), [], []);
}

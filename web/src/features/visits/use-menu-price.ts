import { useCallback } from 'react';
import { localDb } from '../../data/local-db';
import { lastPriceOf } from '../../data/live';

/** The price last charged for a menu on this device (null: none), read through the menu index. */
export function useMenuPrice(): (menu: string) => Promise<number | null> {
  return useCallback((menu: string) => lastPriceOf(localDb, menu), []);
}

import { useCallback } from 'react';
import { localDb } from '../../sync';
import { lastPriceOf } from '../../sync/live';

/** The price last charged for a menu on this device (null: none), read through the menu index. */
export function useMenuPrice(): (menu: string) => Promise<number | null> {
  return useCallback((menu: string) => lastPriceOf(localDb, menu), []);
}

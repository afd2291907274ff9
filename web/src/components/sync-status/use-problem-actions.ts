import type { Conflict, Rejection } from '@clinic/sync-protocol';
import { useMemo } from 'react';
import { ja } from '../../i18n/ja';
import { discardRejection, dismissConflict, retryRejection, revertConflict } from '../../sync';
import { useToast } from '../toast';

const t = ja.syncProblems;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : ja.api.messages.unexpected);

/** The drawer's actions, each telling the person how it went. */
export function useProblemActions() {
  const toast = useToast();
  return useMemo(
    () => ({
      async retry(rejection: Rejection) {
        try {
          await retryRejection(rejection);
          toast.success(t.retried);
        } catch (error) {
          toast.error(t.retryFailed(messageOf(error)));
        }
      },
      async discard(rejection: Rejection) {
        await discardRejection(rejection).catch((error: unknown) => toast.error(messageOf(error)));
      },
      async revert(conflict: Conflict) {
        try {
          await revertConflict(conflict);
          toast.success(t.reverted);
        } catch (error) {
          toast.error(t.revertFailed(messageOf(error)));
        }
      },
      async acknowledge(conflict: Conflict) {
        await dismissConflict(conflict).catch((error: unknown) => toast.error(messageOf(error)));
      },
    }),
    [toast],
  );
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { ApiError } from '../http/envelope';
import { nextCounter } from './counters.repository';
import { type MutatorContext, MutationRejected } from './mutator-context';
import type { Caller } from './push.service';

const CODES = { 400: 'VALIDATION_ERROR', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT' } as const;

/**
 * Runs one server mutator outside the sync protocol (the REST routes), in its own transaction with
 * its own version, so versions, audit and conflicts are the same whichever way a change arrives.
 * A rejection becomes the HTTP error it describes.
 */
export async function runMutation<T>(
  db: Kysely<Database>,
  caller: Caller,
  now: () => Date,
  mutator: (ctx: MutatorContext) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(async (trx) => {
      const version = await nextCounter(trx, 'version');
      return mutator({
        trx,
        version,
        now: now().toISOString(),
        user: caller.user,
        clientId: caller.clientId ?? null,
        mutationId: null,
        ip: caller.ip,
      });
    });
  } catch (error) {
    if (error instanceof MutationRejected) throw new ApiError(error.status, CODES[error.status], error.message);
    throw error;
  }
}

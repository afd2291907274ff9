import {
  customerCreateArgsSchema,
  customerDeleteArgsSchema,
  customerUpdateArgsSchema,
  type Conflict,
  type CustomerFields,
  type Rejection,
} from '@clinic/sync-protocol';
import { notifyChanged } from '../db/changes';
import { ja } from '../i18n/ja';
import { LocalWriteError } from './errors';
import { localDb, mutateAsCurrentUser } from './runtime';

function invalid(message: string | undefined): never {
  throw new LocalWriteError(message ?? '入力内容が正しくありません', 'validation');
}

async function removeRejection(mutationId: number): Promise<void> {
  await localDb.rejections.delete(mutationId);
  notifyChanged({ table: 'rejections', ids: [String(mutationId)] });
}

/**
 * Sends a refused change again as a NEW mutation, shaped so the reason it failed does not repeat:
 * a create gets a fresh id (the old one may exist on the server), an update is based on the values
 * the device holds now (so it is not stale), a delete targets the same record.
 * Throws LocalWriteError (the rejection stays) when it cannot be sent.
 */
export async function retryRejection(rejection: Rejection): Promise<void> {
  switch (rejection.name) {
    case 'customer.create': {
      const parsed = customerCreateArgsSchema.safeParse(rejection.args);
      if (!parsed.success) invalid(parsed.error.issues[0]?.message);
      await mutateAsCurrentUser('customer.create', { ...parsed.data, id: crypto.randomUUID() });
      break;
    }
    case 'customer.update': {
      const parsed = customerUpdateArgsSchema.safeParse(rejection.args);
      if (!parsed.success) invalid(parsed.error.issues[0]?.message);
      const { id, patch } = parsed.data;
      const current = await localDb.customers.get(id);
      if (!current || current.deleted) invalid(ja.syncProblems.recordGone);
      const changed: Partial<CustomerFields> = {};
      const base: Partial<CustomerFields> = {};
      for (const key of Object.keys(patch) as Array<keyof CustomerFields>) {
        if (patch[key] === current[key]) continue;
        Object.assign(changed, { [key]: patch[key] });
        Object.assign(base, { [key]: current[key] });
      }
      // Every value is already what the change wanted: nothing is left to send.
      if (Object.keys(changed).length > 0) await mutateAsCurrentUser('customer.update', { id, patch: changed, base });
      break;
    }
    case 'customer.delete': {
      const parsed = customerDeleteArgsSchema.safeParse(rejection.args);
      if (!parsed.success) invalid(parsed.error.issues[0]?.message);
      await mutateAsCurrentUser('customer.delete', parsed.data);
      break;
    }
    default:
      invalid(ja.syncProblems.unknownMutation);
  }
  await removeRejection(rejection.mutationId);
}

/** The person decided the refused change is not needed. */
export function discardRejection(rejection: Rejection): Promise<void> {
  return removeRejection(rejection.mutationId);
}

/** The person has seen the overwritten value; the log entry leaves this device. */
export async function dismissConflict(conflict: Conflict): Promise<void> {
  await localDb.conflicts.delete(conflict.id);
  notifyChanged({ table: 'conflicts', ids: [String(conflict.id)] });
}

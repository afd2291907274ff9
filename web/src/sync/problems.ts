import type { Conflict, MutationArgsInput, Rejection } from '@clinic/sync-protocol';
import { diffFields } from '@clinic/sync-protocol/rules';
import { MUTATION_TABLE, type MutationName } from '@clinic/sync-protocol/tables';
import { ja } from '../i18n/ja';
import { entityOfMutation, entityOfTable } from '../data/entities';
import { stringAt } from '../data/entities/read-args';
import { LocalWriteError } from '../data/local-write-error';
import { localDb } from '../data/local-db';
import { mutateAsCurrentUser } from '../data/mutate-as-user';

function invalid(message: string | undefined): never {
  throw new LocalWriteError(message ?? '入力内容が正しくありません', 'validation');
}

async function removeRejection(mutationId: number): Promise<void> {
  await localDb.rejections.delete(mutationId);
}

type Args = { id: string; patch?: Record<string, unknown>; base?: Record<string, unknown> };

/**
 * Sends a refused change again as a NEW mutation, shaped the way its entity says (see RetryKind) so
 * the reason it failed does not repeat. Throws LocalWriteError (the rejection stays) when it cannot be sent.
 */
export async function retryRejection(rejection: Rejection): Promise<void> {
  const found = entityOfMutation(rejection.name);
  if (!found) invalid(ja.syncProblems.unknownMutation);
  const { name, table, entity } = found;
  // The server keeps only a marker for args too large or deep to store; there is nothing to resend.
  if (stringAt(rejection.args, 'reason') !== null && (rejection.args as { truncated?: unknown }).truncated === true)
    invalid(ja.syncProblems.notKept);
  // The schemas (and zod) load with the first retry, not with the page: the sync bar imports this file.
  const { mutationArgsSchemas } = await import('@clinic/sync-protocol');
  const parsed = mutationArgsSchemas[name].safeParse(rejection.args);
  if (!parsed.success) invalid(parsed.error.issues[0]?.message);
  const args: Args = parsed.data;
  const send = (next: Args) => mutateAsCurrentUser(name, next as MutationArgsInput<MutationName>); // args of this same mutation

  switch (entity.retry[name]) {
    case 'as-new':
      await send({ ...args, id: crypto.randomUUID() });
      break;
    case 'rebase': {
      const current: Record<string, unknown> | undefined = await localDb.synced(table).get(args.id);
      if (!current || current.deleted) invalid(entity.recordGone);
      const patch = args.patch ?? {};
      const { patch: changed, base, changed: anything } = diffFields(Object.keys(patch), current, patch);
      // Every value is already what the change wanted: nothing is left to send.
      if (anything) await send({ id: args.id, patch: changed, base });
      break;
    }
    case 'resend':
      await send(args);
      break;
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
}

/** The mutation that changes fields of a table's records (`customer.update`, …): the one whose args carry a patch. */
function updateMutationOf(table: string): MutationName | undefined {
  return (Object.keys(MUTATION_TABLE) as MutationName[]).find(
    (name) => MUTATION_TABLE[name] === table && name.endsWith('.update'),
  );
}

/**
 * Puts an overwritten value back: a NEW update that sets the field to the value that was lost, based on
 * what the device holds now (so it is an ordinary change, made offline too), then the conflict leaves the
 * list. Throws LocalWriteError (the conflict stays) when the record or field is not on this device.
 */
export async function revertConflict(conflict: Conflict): Promise<void> {
  const found = entityOfTable(conflict.table);
  const name = found && updateMutationOf(found.table);
  if (!found || !name || !Object.hasOwn(found.entity.fieldLabels, conflict.field))
    invalid(ja.syncProblems.cannotRevert);
  const current: Record<string, unknown> | undefined = await localDb.synced(found.table).get(conflict.recordId);
  if (!current || current.deleted) invalid(ja.syncProblems.revertGone);
  const { patch, base, changed } = diffFields([conflict.field], current, { [conflict.field]: conflict.overwritten });
  // Someone already put the value back: nothing is left to send.
  if (changed) await mutateAsCurrentUser(name, { id: conflict.recordId, patch, base }); // an update's args
  await dismissConflict(conflict);
}

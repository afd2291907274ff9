/**
 * Messages by which a page lends the data key to the service worker's memory, so a reload in the
 * same browser does not ask for the password again. Each asks its answer on a MessageChannel port.
 * The worker never writes the key anywhere; a closed browser or a restarted worker has forgotten it.
 */
export type VaultToWorker =
  | { type: 'VAULT_KEY_PUT'; userId: string; key: ArrayBuffer; until: number }
  | { type: 'VAULT_KEY_GET'; userId: string }
  | { type: 'VAULT_KEY_FORGET' }
  /** Chrome stops an idle worker after about 30 s; a page holding the key keeps it awake with this. */
  | { type: 'VAULT_PING' };

export type VaultFromWorker = { ok: true; key?: ArrayBuffer | null };

export const VAULT_MESSAGE_TYPES: readonly string[] = [
  'VAULT_KEY_PUT',
  'VAULT_KEY_GET',
  'VAULT_KEY_FORGET',
  'VAULT_PING',
];

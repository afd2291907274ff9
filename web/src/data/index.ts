/*
 * What screens read and write on the device: live reads, and the local mutators that change a record and
 * queue the change for the sync engine in one transaction. Nothing here knows the engine exists.
 */
export { mutateAsCurrentUser, mutateAllAsCurrentUser } from './mutate-as-user';
export type { Change } from './mutate';
export { LocalWriteError, LOCAL_WRITE_MESSAGES } from './local-write-error';
export { customerLabel, entityOfMutation, entityOfTable, webEntity } from './entities';
export * from './live';
export { insertionPoint } from './insertion-point';

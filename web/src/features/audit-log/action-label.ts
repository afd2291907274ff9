// The words are shared with the server's CSV (sync-protocol), so the screen and the file say the same.
export {
  auditActionLabel as actionLabel,
  auditDeviceLabel as deviceLabel,
  auditEntityLabel as entityLabel,
} from '@clinic/sync-protocol/admin';

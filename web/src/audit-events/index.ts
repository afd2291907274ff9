export { recordAuditEvent, recordMediaDownload, sendAuditEvents } from './audit-events-queue';

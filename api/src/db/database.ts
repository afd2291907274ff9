import type { AppointmentTables } from '../appointments/appointment.table';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@clinic/sync-protocol';
import type { DeviceNamesTables } from '../audit/device-names.table';
import type { DeviceKeysTables } from '../device-keys/device-key.table';
import type { DeviceLogTables } from '../android-logs/device-log.table';
import type { CustomerTables } from '../customers/customer.table';
import type { DiagnosisTables } from '../diagnosis/diagnosis.table';
import type { FaceAnalysisTables } from '../face-analysis/face-analysis.table';
import type { MediaTables } from '../media/media.table';
import type { OperationLogPhotosTable, OperationLogsTable } from '../pwa-operations/operation-log.table';
import type { SurveyTables } from '../surveys/survey.table';
import type { SyncTables } from '../sync/sync.table';
import type { VisitTables } from '../visits/visit.table';

/*
 * The shape of the database as the app sees it. Timestamps are ISO-8601 TEXT and booleans INTEGER 0/1
 * on both SQLite and PostgreSQL, so one set of queries runs on both (see db/dialect.ts).
 */

export interface UsersTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  role: Role;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  failed_login_count: Generated<number>;
  first_failed_login_at: string | null;
  locked_until: string | null;
  /** 0/1; a deleted user is kept so the audit log and `updated_by` stay readable. */
  deleted: Generated<number>;
  /** +1 at every change or reset of the password; the tablets' sign-in stamp is made from it (auth/sign-in-stamp.ts). */
  credential_version: Generated<number>;
  /** The name people read (佐藤 花子); null shows the user name. */
  display_name: Generated<string | null>;
  /** 0/1: 施術者, a column of the 予約表 (an administrator marks it). */
  treats: Generated<number>;
}

/**
 * Failed logins that named no account, keyed by a sha256 of the normalized name so the table never
 * holds what someone typed (see auth/lockout.repository.ts). Same counting as the users' columns.
 */
export interface LoginFailuresTable {
  login_hash: string;
  failed_login_count: Generated<number>;
  first_failed_login_at: string | null;
  locked_until: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  /** Absolute: login time + session TTL. Refreshing never extends it. */
  expires_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  /** sha256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  created_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  user_id: string | null;
  username: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  client_id: string | null;
  ip: string | null;
  /** JSON text. */
  detail: string | null;
  /**
   * Who sent the change when the row records a change delivered from a device (a sync push): the
   * signed-in person and their session. `user_id` stays the person who made it (issue 25).
   */
  delivered_by: ColumnType<string | null, string | null | undefined, string | null>;
  delivered_by_name: ColumnType<string | null, string | null | undefined, string | null>;
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database
  extends
    SyncTables,
    CustomerTables,
    VisitTables,
    AppointmentTables,
    SurveyTables,
    DiagnosisTables,
    MediaTables,
    FaceAnalysisTables,
    DeviceLogTables,
    DeviceNamesTables,
    DeviceKeysTables {
  users: UsersTable;
  login_failures: LoginFailuresTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  audit_log: AuditLogTable;
  operation_logs: OperationLogsTable;
  operation_log_photos: OperationLogPhotosTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;

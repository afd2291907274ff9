import Dexie, { type Table } from 'dexie';
import type {
  Appointment,
  Conflict,
  Customer,
  Diagnosis,
  FaceAnalysisRecord,
  Media,
  Mutation,
  PainMarker,
  Rejection,
  RowOf,
  Survey,
  Visit,
} from '@clinic/sync-protocol';
// The table names from the zod-free list: the database opens as the app starts, before any schema loads.
import { SYNCED_TABLES, type SyncedTable } from '@clinic/sync-protocol/tables';
import { installSealing } from '../vault/seal-middleware';
import { CLINIC_SEAL_SPECS } from '../vault/seal-specs';
import type { SealedBlob } from '../vault/seal';
import type { SetAsideRow } from '../vault/set-aside';

/**
 * A synced row as the device holds it: the server's row with pending local mutations applied on top.
 * `pending` is 1 while a local mutation touching the row is not yet confirmed by a pull (IndexedDB
 * cannot index booleans); `server` keeps the last server state of such a row (null: not on the server)
 * so a pull can rebase the pending mutations onto fresh server data.
 */
export type Local<T> = T & {
  pending: 0 | 1;
  server?: T | null;
  /**
   * 1 on a deleted row the device keeps (a tombstone), absent otherwise. IndexedDB cannot index the
   * boolean `deleted`; this number lets a count skip tombstones through an index instead of reading rows.
   */
  gone?: 1;
};
/** A row of one synced table as the device holds it. */
export type LocalRow<T extends SyncedTable> = Local<RowOf<T>>;
export type LocalCustomer = Local<Customer>;
export type LocalVisit = Local<Visit>;
export type LocalSurvey = Local<Survey>;
export type LocalDiagnosis = Local<Diagnosis>;
export type LocalPainMarker = Local<PainMarker>;
export type LocalMedia = Local<Media>;
export type LocalFaceAnalysis = Local<FaceAnalysisRecord>;
export type LocalAppointment = Local<Appointment>;

/**
 * The file of a capture, kept apart from its synced facts (`media`) so that listing captures never
 * reads megabytes. `blob` is null once the server holds the file and the device dropped it for space;
 * the thumbnail stays. Upload progress lives here too, so it survives a reload.
 */
export type MediaFile = {
  id: string;
  /** The whole file (sealed: media/sealed-files), or null after it was dropped for space (the server has it). */
  blob: SealedBlob | null;
  /** A small JPEG for lists (sealed): the photo scaled down, or a video's first frame. */
  thumbnail: SealedBlob | null;
  /** Bytes the server confirmed holding, as last seen. */
  sentBytes: number;
  /** 1 while the file still has to reach the server (an index for the uploader). */
  waiting: 0 | 1;
  /** Failed attempts in a row, for the backoff; the last one's reason, for the history. */
  attempts: number;
  lastError?: string;
  /** When the uploader may try again (ms since epoch). */
  retryAt?: number;
  /** 1 when the server refused the file for good (its type, its size): not retried, shown with lastError. */
  failed?: 1;
  /** When the blob was dropped for space. */
  droppedAt?: string;
};

/**
 * A piece of a recording, written the moment the recorder hands it over: a recording cut short by a
 * full disk, a crash or a closed tab keeps every piece written before (see camera's recorder).
 */
export type RecordingChunk = {
  recordingId: string;
  seq: number;
  /** The piece's bytes, sealed (media/sealed-files). */
  data: SealedBlob | null;
  meta?: Record<string, unknown>;
};

/**
 * A capture's small picture as the server made it, for captures whose file is not on this device (taken
 * on another one): kept so the lists show it offline too. Apart from mediaFiles, which holds what this
 * device captured.
 */
export type ServerThumbnail = { id: string; blob: SealedBlob; fetchedAt: string };

/** Device settings (設定), stored as one entry per key; their shape is checked when read (settings schema). */
export type SettingsEntry = { key: string; value: unknown };

/** An outbox entry is a typed mutation; its `id` is the per-client sequence number and the key. */
export type OutboxEntry = Mutation;

export type MetaKey =
  | 'clientId'
  | 'cookie'
  | 'nextMutationId'
  | 'lastSyncedAt'
  | 'lastMutationIdAcked'
  | 'ownerUserId'
  | 'ownerUserName'
  /** The protocol version the device's rows were pulled with (see sync/protocol-upgrade.ts). */
  | 'protocolVersion'
  /** The server's restore epoch the device's rows belong to (see sync/heal.ts). */
  | 'epoch'
  /** A heal under way after the server was restored: JSON of its progress, so it resumes after a reload. */
  | 'heal'
  /** JSON of the last heal's outcome (what was sent again, captures that could not be). */
  | 'lastHeal'
  /** This device's sync credential (sync/device-credential.ts): sealed like a patient's record (vault/seal-specs.ts). */
  | 'deviceCredential'
  /** The server's public key for sealed pushes, JSON {kid, jwk} (sync/seal-push.ts): public, kept in clear. */
  | 'sealKey';
export type MetaEntry = { key: MetaKey; value: string | number };

/**
 * What a person had typed in an open form when the session passed to someone else (drafts/): kept,
 * sealed, for them alone. `key` is `userId|form:recordId`; `form`, `recordId`, `path`, `values` are sealed.
 */
export type FormDraftRow = {
  key: string;
  userId: string;
  savedAt: number;
  form: string;
  recordId: string | null;
  path: string;
  values: unknown;
};

/**
 * A deletion the device saw in a pull, kept after the row itself left the device (sync/deletion-log.ts),
 * so a heal can delete it again on a server restored from an older backup. `key` is `table:id`. Only ids,
 * times and a username: nothing sealed.
 */
export type DeletionEntry = {
  key: string;
  table: SyncedTable;
  id: string;
  version: number;
  updatedAt: string;
  updatedBy: string | null;
};

export const DB_NAME = 'clinic';

export class ClinicDb extends Dexie {
  customers!: Table<LocalCustomer, string>;
  visits!: Table<LocalVisit, string>;
  surveys!: Table<LocalSurvey, string>;
  diagnoses!: Table<LocalDiagnosis, string>;
  painMarkers!: Table<LocalPainMarker, string>;
  media!: Table<LocalMedia, string>;
  mediaFiles!: Table<MediaFile, string>;
  serverThumbnails!: Table<ServerThumbnail, string>;
  faceAnalyses!: Table<LocalFaceAnalysis, string>;
  appointments!: Table<LocalAppointment, string>;
  recordingChunks!: Table<RecordingChunk, [string, number]>;
  settings!: Table<SettingsEntry, string>;
  outbox!: Table<OutboxEntry, number>;
  rejections!: Table<Rejection, number>;
  conflicts!: Table<Conflict, number>;
  meta!: Table<MetaEntry, MetaKey>;
  drafts!: Table<FormDraftRow, string>;
  setAside!: Table<SetAsideRow, string>;
  deletions!: Table<DeletionEntry, string>;

  /**
   * `sealed: false` gives rows as IndexedDB holds them, their personal part still sealed: the visit list
   * reads a range's readable fields (dates, prices, flags) that way and opens only the rows it draws
   * (data/live/stored-visit.ts). Everything that writes goes through the sealing instance. It keeps out of
   * Dexie's query cache, which instances of one database share: sealing instances must never be answered
   * with rows as stored.
   */
  constructor(name = DB_NAME, { sealed = true }: { sealed?: boolean } = {}) {
    super(name, sealed ? undefined : { cache: 'disabled' });
    this.version(1).stores({
      customers: 'id, pending, chartNumber',
      outbox: 'id',
      rejections: 'mutationId',
      conflicts: 'id, recordId',
      meta: 'key',
    });
    // Indexes answer the screens' filters without reading every row: a date range, one customer's
    // visits by date, the menus used so far and the last price of one, one customer's surveys.
    this.version(2).stores({
      visits: 'id, pending, date, serviceMenu, [customerId+date], [serviceMenu+date]',
      surveys: 'id, pending, customerId, visitId',
    });
    // Diagnoses by date (the history list, newest first) and by customer (the chart); markers by their record.
    this.version(3).stores({
      diagnoses: 'id, pending, date, [customerId+date]',
      painMarkers: 'id, pending, diagnosisId',
    });
    // Customers keep their tombstones: counting live ones goes through `gone` (see Local).
    this.version(4)
      .stores({ customers: 'id, pending, chartNumber, gone' })
      .upgrade((tx) =>
        tx
          .table<LocalCustomer, string>('customers')
          .toCollection()
          .modify((row) => {
            if (row.deleted) row.gone = 1;
          }),
      );
    // Photos and videos: their facts by customer and time (the chart, the camera's history), their
    // files apart (see MediaFile), recordings in progress, and the device's settings.
    this.version(5).stores({
      media: 'id, pending, capturedAt, [customerId+capturedAt]',
      mediaFiles: 'id, waiting',
      recordingChunks: '[recordingId+seq]',
      settings: 'key',
    });
    // Expression analyses by customer and time (the chart, the history dialog) and by the photo or
    // clip they were made from (a capture's preview shows its result).
    this.version(6).stores({
      faceAnalyses: 'id, pending, analysedAt, mediaId, [customerId+analysedAt]',
    });
    // Thumbnails fetched from the server for captures made on other devices (issue 24).
    this.version(7).stores({ serverThumbnails: 'id' });
    // Forms left open when the session passed to another person, kept for their owner (issue 25).
    this.version(8).stores({ drafts: 'key, userId, savedAt' });
    // Rows that did not open (not sealed, moved, altered), kept as stored and never shown or sent (vault/set-aside.ts).
    this.version(9).stores({ setAside: 'id, table' });
    // Deletions seen in pulls, sent again by a heal so deleted records stay deleted (issue 36).
    this.version(10).stores({ deletions: 'key, updatedAt, [table+version]' });
    // The appointment book (issue 41): a day's appointments by date, one patient's by date (the chart).
    this.version(11).stores({ appointments: 'id, pending, date, [customerId+date]' });
    // Every personal field and file is sealed with the device's data key on its way to IndexedDB (README, 端末の暗号化).
    if (sealed) installSealing(this, CLINIC_SEAL_SPECS);
  }

  /** One synced table by its protocol name; the map insists on a Dexie table for every registered entity. */
  synced<T extends SyncedTable>(table: T): Table<LocalRow<T>, string> {
    const tables: { [K in SyncedTable]: Table<LocalRow<K>, string> } = {
      customers: this.customers,
      visits: this.visits,
      surveys: this.surveys,
      diagnoses: this.diagnoses,
      painMarkers: this.painMarkers,
      media: this.media,
      faceAnalyses: this.faceAnalyses,
      appointments: this.appointments,
    };
    return tables[table];
  }

  /** Every synced table, for transactions that may touch any of them. */
  allSynced(): Table[] {
    return SYNCED_TABLES.map((table) => this.synced(table));
  }
}

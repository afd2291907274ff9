import type { Visit } from '@clinic/sync-protocol';
import { openStored } from '../../vault/seal-middleware';
import { CLINIC_SEAL_SPECS } from '../../vault/seal-specs';
import { ClinicDb, type LocalVisit } from '../clinic-db';

type Stored = Record<string, unknown>;

/**
 * A visit as IndexedDB holds it (read through `storedDb`), opened only when a sealed field is read. A month
 * or a year of visits is counted, totalled and ordered by its readable fields (date, price, entry time,
 * flags), and the list opens just the rows it draws: opening all 14,000 rows of a year took seconds on a
 * tablet. A row stored before price and entry time were kept readable opens for them too.
 */
export class StoredVisit implements LocalVisit {
  readonly id: string;
  readonly customerId: string;
  readonly date: string;
  readonly serviceMenu: string;
  readonly version: number;
  readonly deleted: boolean;
  readonly pending: 0 | 1;
  readonly gone?: 1;
  /** The customer's name for the list (blank until joined), and whether they were deleted. */
  customerName = '';
  customerDeleted = false;
  customerChartNumber: number | null = null;
  private opened: LocalVisit | null = null;

  constructor(private readonly stored: Stored) {
    const row = stored as unknown as LocalVisit;
    this.id = row.id;
    this.customerId = row.customerId;
    this.date = row.date;
    this.serviceMenu = row.serviceMenu;
    this.version = row.version;
    this.deleted = row.deleted;
    this.pending = row.pending;
    if (row.gone) this.gone = row.gone;
  }

  private open(): LocalVisit {
    // A row that does not open shows only its readable facts (the sealing connection sets it aside).
    return (this.opened ??= (openStored(CLINIC_SEAL_SPECS, 'visits', this.stored, this.id) as
      LocalVisit | undefined) ?? {
      ...(this.stored as unknown as LocalVisit),
      staffName: '',
      notes: '',
      updatedAt: '',
      updatedBy: null,
      server: null,
    });
  }

  private readable<K extends keyof LocalVisit>(field: K): LocalVisit[K] {
    return field in this.stored ? (this.stored[field] as LocalVisit[K]) : this.open()[field];
  }

  get price(): number | null {
    return this.readable('price');
  }
  get createdAt(): string {
    return this.readable('createdAt');
  }
  get staffName(): string {
    return this.open().staffName;
  }
  get notes(): string {
    return this.open().notes;
  }
  get updatedAt(): string {
    return this.open().updatedAt;
  }
  get updatedBy(): string | null {
    return this.open().updatedBy;
  }
  get server(): Visit | null | undefined {
    return this.open().server;
  }
}

const twins = new WeakMap<ClinicDb, ClinicDb>();

/** `db` read without opening its rows: a second connection to the same database (see ClinicDb). */
export function storedTwin(db: ClinicDb): ClinicDb {
  let twin = twins.get(db);
  if (!twin) twins.set(db, (twin = new ClinicDb(db.name, { sealed: false })));
  return twin;
}

import {
  type Customer,
  type Diagnosis,
  type PainMarker,
  type PullChanges,
  type PullResponse,
  type Survey,
  SYNCED_TABLES,
  type Visit,
} from '@clinic/sync-protocol';
import { ClinicDb, type LocalSurvey, type LocalVisit } from '../data/clinic-db';

let counter = 0;
/** A fresh database on fake-indexeddb for each test. */
export function freshDb(): ClinicDb {
  counter += 1;
  return new ClinicDb(`test-${counter}-${Math.random().toString(36).slice(2)}`);
}

export function serverCustomer(fields: Partial<Customer> & { id: string }): Customer {
  return {
    name: '山田 花子',
    nameKana: 'ヤマダ ハナコ',
    age: 34,
    birthDate: null,
    gender: 'female',
    phone: '090-1234-5678',
    email: '',
    address: '',
    medicalHistory: '',
    chartNumber: 1,
    createdAt: '2026-11-22T00:00:00.000Z',
    updatedAt: '2026-11-22T00:00:00.000Z',
    updatedBy: 'admin',
    version: 1,
    deleted: false,
    ...fields,
  };
}

export function serverVisit(fields: Partial<Visit> & { id: string; customerId: string }): Visit {
  return {
    date: '2026-11-20',
    serviceMenu: '鍼灸',
    price: 5000,
    staffName: 'staff1',
    notes: '',
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    updatedBy: 'staff1',
    version: 1,
    deleted: false,
    ...fields,
  };
}

export function serverSurvey(fields: Partial<Survey> & { id: string; customerId: string }): Survey {
  return {
    visitId: null,
    type: 'pre',
    answers: { pain_level: 4, pain_areas: ['肩'], sleep_quality: 'fair', stress_level: 6 },
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    updatedBy: 'staff1',
    version: 1,
    deleted: false,
    ...fields,
  };
}

const META = {
  createdAt: '2026-11-20T01:00:00.000Z',
  updatedAt: '2026-11-20T01:00:00.000Z',
  updatedBy: 'staff1',
  version: 1,
  deleted: false,
};

export function serverDiagnosis(fields: Partial<Diagnosis> & { id: string; customerId: string }): Diagnosis {
  return { visitId: null, date: '2026-11-20', generalHealth: '', notes: '', ...META, ...fields };
}

export function serverMarker(fields: Partial<PainMarker> & { id: string; diagnosisId: string }): PainMarker {
  return {
    number: 1,
    view: 'front',
    x: 50,
    y: 30,
    region: null,
    bodyPart: '前面 (50.0%, 30.0%)',
    painLevel: 5,
    notes: '',
    resolved: false,
    ...META,
    ...fields,
  };
}

/** The server's epoch in tests that do not restore it. */
export const TEST_EPOCH = 'epoch-1';

/** A pull answer; tables it does not name come empty. */
export function pullOf(
  partial: Omit<Partial<PullResponse>, 'changes'> & { changes?: Partial<PullChanges> },
): PullResponse {
  const empty = Object.fromEntries(SYNCED_TABLES.map((table) => [table, []])) as unknown as PullChanges; // one empty list per table
  const { changes, ...rest } = partial;
  return {
    cookie: 1,
    lastMutationId: 0,
    hasMore: false,
    rejections: [],
    conflicts: [],
    epoch: TEST_EPOCH,
    ...rest,
    changes: { ...empty, ...changes },
  };
}

/** Rows as the device holds them once the server has confirmed them. */
export const synced = <T extends object>(row: T) => ({ ...row, pending: 0 as const });
export const localVisit = (fields: Partial<LocalVisit> & { id: string; customerId: string }): LocalVisit => ({
  ...synced(serverVisit(fields)),
  ...fields,
});
export const localSurvey = (fields: Partial<LocalSurvey> & { id: string; customerId: string }): LocalSurvey => ({
  ...synced(serverSurvey(fields)),
  ...fields,
});

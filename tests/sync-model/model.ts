import { mutationSchema } from '@clinic/sync-protocol';
import type { Processed } from './world';

export type ModelCustomer = {
  id: string;
  name: string;
  phone: string;
  address: string;
  birthDate: string | null;
  chartNumber: number;
  version: number;
  updatedBy: string;
  deleted: boolean;
};

export type ModelVisit = {
  id: string;
  customerId: string;
  date: string;
  serviceMenu: string;
  price: number | null;
  staffName: string;
  notes: string;
  version: number;
  updatedBy: string;
  deleted: boolean;
};

export type ModelSurvey = {
  id: string;
  customerId: string;
  type: string;
  answers: Record<string, unknown>;
  version: number;
  updatedBy: string;
  deleted: boolean;
};

export type ModelDiagnosis = {
  id: string;
  customerId: string;
  date: string;
  notes: string;
  version: number;
  updatedBy: string;
  deleted: boolean;
};

export type ModelMarker = {
  id: string;
  diagnosisId: string;
  number: number;
  view: string;
  x: number;
  y: number;
  painLevel: number;
  resolved: boolean;
  version: number;
  updatedBy: string;
  deleted: boolean;
};

const CUSTOMER_EDITED = ['name', 'phone', 'address', 'birthDate'] as const;
const MARKER_EDITED = ['painLevel', 'resolved', 'x', 'y', 'view', 'number'] as const;
const VISIT_EDITED = ['date', 'serviceMenu', 'price', 'staffName', 'notes'] as const;

export type ModelState = {
  customers: ModelCustomer[];
  visits: ModelVisit[];
  surveys: ModelSurvey[];
  diagnoses: ModelDiagnosis[];
  markers: ModelMarker[];
  rejected: string[];
};

const byId = <T extends { id: string }>(rows: Map<string, T>) =>
  [...rows.values()].sort((a, b) => (a.id < b.id ? -1 : 1));

/**
 * What the server's tables and rejections must be after processing these mutations in this order, by
 * the protocol's rules (DESIGN.md "Sync protocol"): each processed mutation takes the next version; a
 * create of an existing id, or an update or delete of a missing or deleted record, is rejected; an
 * update overwrites the fields it names in arrival order; a customer create takes the next カルテ番号.
 * A visit or survey names a customer who must exist, but may have been deleted (README: "Deleting a
 * customer who has records"): it is kept.
 */
export function replayOnModel(processed: readonly Processed[]): ModelState {
  const customers = new Map<string, ModelCustomer>();
  const visits = new Map<string, ModelVisit>();
  const surveys = new Map<string, ModelSurvey>();
  const diagnoses = new Map<string, ModelDiagnosis>();
  const markers = new Map<string, ModelMarker>();
  const rejected: string[] = [];
  let chartNumber = 0;
  processed.forEach(({ clientId, username, mutation: wire }, index) => {
    const version = index + 1;
    const mutation = mutationSchema.parse(wire);
    const stamp = { version, updatedBy: username };
    const reject = () => void rejected.push(`${clientId}#${mutation.id}`);
    switch (mutation.name) {
      case 'customer.create': {
        if (customers.has(mutation.args.id)) return reject();
        const { id, name, phone, address, birthDate } = mutation.args;
        chartNumber += 1;
        customers.set(id, { id, name, phone, address, birthDate, chartNumber, ...stamp, deleted: false });
        return;
      }
      case 'customer.update': {
        const current = customers.get(mutation.args.id);
        if (!current || current.deleted) return reject();
        for (const field of CUSTOMER_EDITED) {
          const value = mutation.args.patch[field];
          if (value !== undefined) Object.assign(current, { [field]: value });
        }
        Object.assign(current, stamp);
        return;
      }
      case 'customer.delete': {
        const current = customers.get(mutation.args.id);
        if (!current || current.deleted) return reject();
        Object.assign(current, { deleted: true, ...stamp });
        return;
      }
      case 'visit.create': {
        const { id, customerId, date, serviceMenu, price, staffName, notes } = mutation.args;
        if (visits.has(id) || !customers.has(customerId)) return reject();
        visits.set(id, {
          id,
          customerId,
          date,
          serviceMenu,
          price,
          staffName: staffName || username,
          notes,
          ...stamp,
          deleted: false,
        });
        return;
      }
      case 'visit.update': {
        const current = visits.get(mutation.args.id);
        if (!current || current.deleted) return reject();
        for (const field of VISIT_EDITED) {
          const value = mutation.args.patch[field];
          if (value !== undefined) Object.assign(current, { [field]: value });
        }
        Object.assign(current, stamp);
        return;
      }
      case 'visit.delete': {
        const current = visits.get(mutation.args.id);
        if (!current || current.deleted) return reject();
        Object.assign(current, { deleted: true, ...stamp });
        return;
      }
      case 'survey.submit': {
        const { id, customerId, type, answers } = mutation.args;
        if (surveys.has(id) || !customers.has(customerId)) return reject();
        surveys.set(id, { id, customerId, type, answers, ...stamp, deleted: false });
        return;
      }
      case 'survey.update': {
        const current = surveys.get(mutation.args.id);
        if (!current || current.deleted) return reject();
        if (mutation.args.patch.answers) current.answers = mutation.args.patch.answers;
        Object.assign(current, stamp);
        return;
      }
      case 'diagnosis.create': {
        const { id, customerId, date, notes } = mutation.args;
        if (diagnoses.has(id) || !customers.has(customerId)) return reject();
        diagnoses.set(id, { id, customerId, date, notes, ...stamp, deleted: false });
        return;
      }
      case 'diagnosis.update': {
        const current = diagnoses.get(mutation.args.id);
        if (!current || current.deleted) return reject();
        if (mutation.args.patch.notes !== undefined) current.notes = mutation.args.patch.notes;
        if (mutation.args.patch.date !== undefined) current.date = mutation.args.patch.date;
        Object.assign(current, stamp);
        return;
      }
      case 'diagnosis.delete': {
        const current = diagnoses.get(mutation.args.id);
        if (!current || current.deleted) return reject();
        Object.assign(current, { deleted: true, ...stamp });
        return;
      }
      // A marker belongs to a live diagnosis: one deleted elsewhere takes no marker changes.
      case 'painMarker.create': {
        const { id, diagnosisId, number, view, x, y, painLevel, resolved } = mutation.args;
        const diagnosis = diagnoses.get(diagnosisId);
        if (markers.has(id) || !diagnosis || diagnosis.deleted) return reject();
        markers.set(id, { id, diagnosisId, number, view, x, y, painLevel, resolved, ...stamp, deleted: false });
        return;
      }
      case 'painMarker.update': {
        const current = markers.get(mutation.args.id);
        if (!current || current.deleted || diagnoses.get(current.diagnosisId)?.deleted) return reject();
        for (const field of MARKER_EDITED) {
          const value = mutation.args.patch[field];
          if (value !== undefined) Object.assign(current, { [field]: value });
        }
        Object.assign(current, stamp);
        return;
      }
      case 'painMarker.delete': {
        const current = markers.get(mutation.args.id);
        if (!current || current.deleted || diagnoses.get(current.diagnosisId)?.deleted) return reject();
        Object.assign(current, { deleted: true, ...stamp });
        return;
      }
    }
  });
  return {
    customers: byId(customers),
    visits: byId(visits),
    surveys: byId(surveys),
    diagnoses: byId(diagnoses),
    markers: byId(markers),
    rejected,
  };
}

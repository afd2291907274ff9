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

const EDITED = ['name', 'phone', 'address', 'birthDate'] as const;

/**
 * What the server's customers table and rejections must be after processing these mutations in this
 * order, by the protocol's rules (DESIGN.md "Sync protocol"): each processed mutation takes the next version;
 * a create of an existing id, or an update or delete of a missing or deleted customer, is rejected;
 * an update overwrites the fields it names in arrival order; a create takes the next カルテ番号.
 */
export function replayOnModel(processed: readonly Processed[]): { rows: ModelCustomer[]; rejected: string[] } {
  const rows = new Map<string, ModelCustomer>();
  const rejected: string[] = [];
  let chartNumber = 0;
  processed.forEach(({ clientId, username, mutation: wire }, index) => {
    const version = index + 1;
    const mutation = mutationSchema.parse(wire);
    const current = rows.get(mutation.args.id);
    const reject = () => void rejected.push(`${clientId}#${mutation.id}`);
    switch (mutation.name) {
      case 'customer.create': {
        if (current) return reject();
        const { id, name, phone, address, birthDate } = mutation.args;
        chartNumber += 1;
        rows.set(id, { id, name, phone, address, birthDate, chartNumber, version, updatedBy: username, deleted: false });
        return;
      }
      case 'customer.update':
        if (!current || current.deleted) return reject();
        for (const field of EDITED) {
          const value = mutation.args.patch[field];
          if (value !== undefined) Object.assign(current, { [field]: value });
        }
        Object.assign(current, { version, updatedBy: username });
        return;
      case 'customer.delete':
        if (!current || current.deleted) return reject();
        Object.assign(current, { deleted: true, version, updatedBy: username });
        return;
    }
  });
  return { rows: [...rows.values()].sort((a, b) => (a.id < b.id ? -1 : 1)), rejected };
}

import { expect } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { tokenOf } from '../sync/sync-test-helpers';
import { call, type TestCtx } from '../test/harness';

/** What the customer API tests (REST alone, and REST with sync) do over and over; `standard` is `create`'s body. */
export function customerCalls(getCtx: () => TestCtx, standard: object) {
  return {
    adminToken: () => tokenOf(getCtx().app, getCtx().admin),
    /** The audit log's actions on one record, oldest first. */
    actionsOn: async (id: string) => (await listAudit(getCtx().db, { entityId: id })).map((r) => r.action),
    /** POST /api/customers, which must succeed with 201. */
    create: async (token: string, body: object = standard) => {
      const res = await call(getCtx().app, 'POST', '/api/customers', { token, body });
      expect(res.body.error).toBeNull();
      expect(res.status).toBe(201);
      return res.body.data as { id: string; chartNumber: number; version: number };
    },
  };
}

import { expect } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { tokenOf } from '../sync/sync-test-helpers';
import { call, failure, type TestCtx } from '../test/harness';

export const VISIT_NOT_FOUND = failure('NOT_FOUND', '来院記録が見つかりません');
export const CUSTOMER_NOT_FOUND = failure('NOT_FOUND', '顧客が見つかりません');
export const invalid = (message: string) => failure('VALIDATION_ERROR', message);

export type VisitAnswer = {
  id: string;
  customer_id: string;
  date: string;
  service_menu: string;
  price: number | null;
  version: number;
};

/** What the visits route tests do again and again, on the database of the current test. */
export function visitsHelpers(getCtx: () => TestCtx) {
  const adminToken = () => tokenOf(getCtx().app, getCtx().admin);
  const count = async () => (await getCtx().db.selectFrom('visits').select('id').execute()).length;
  const actionsOn = async (id: string) => (await listAudit(getCtx().db, { entityId: id })).map((r) => r.action);

  async function customer(token: string, name = '山田 花子') {
    const res = await call(getCtx().app, 'POST', '/api/customers', { token, body: { name, phone: '090-1234-5678' } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  }

  async function visit(token: string, body: object) {
    const res = await call(getCtx().app, 'POST', '/api/visits', { token, body });
    expect(res.body.error).toBeNull();
    expect(res.status).toBe(201);
    return res.body.data as VisitAnswer;
  }

  return { adminToken, count, actionsOn, customer, visit };
}

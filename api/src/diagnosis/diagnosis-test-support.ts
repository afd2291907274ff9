import { expect } from 'vitest';
import { listAudit } from '../audit/audit.repository';
import { tokenOf } from '../sync/sync-test-helpers';
import { type TestCtx, call, failure } from '../test/harness';

export const NOT_FOUND = failure('NOT_FOUND', '診断記録が見つかりません');
export const invalid = (message: string) => failure('VALIDATION_ERROR', message);

export type Part = {
  id: string;
  body_part: string;
  pain_level: number;
  x: number;
  y: number;
  view: string;
  notes: string;
  region: string | null;
  number: number;
  resolved: boolean;
};
export type Answer = {
  id: string;
  customer_id: string;
  date: string;
  version: number;
  avg_pain_level: number | null;
  bodyParts: Part[];
};

/** A body part as the spec's client sends it: a local id, the label and the position. */
export const part = (id: number | string, over: Record<string, unknown> = {}) => ({
  id,
  body_part: `front 10.5% 20.1%`,
  pain_level: 5,
  x: 10.5,
  y: 20.1,
  view: 'front',
  notes: '',
  ...over,
});

/** What the diagnosis REST tests do again and again, on the database of the test. */
export function diagnosisTestKit(getCtx: () => TestCtx) {
  const adminToken = () => tokenOf(getCtx().app, getCtx().admin);
  const counts = async () => {
    const { db } = getCtx();
    return [
      (await db.selectFrom('diagnoses').select('id').execute()).length,
      (await db.selectFrom('pain_markers').select('id').execute()).length,
    ];
  };
  const actionsOf = async (entity: string) =>
    (await listAudit(getCtx().db)).filter((r) => r.entity === entity).map((r) => r.action);

  async function customer(token: string, name = '山田 花子') {
    const res = await call(getCtx().app, 'POST', '/api/customers', { token, body: { name, phone: '090-1234-5678' } });
    return res.body.data.id as string;
  }

  async function diagnose(token: string, body: object) {
    const res = await call(getCtx().app, 'POST', '/api/diagnosis', { token, body });
    expect(res.body.error).toBeNull();
    expect(res.status).toBe(201);
    return res.body.data as Answer;
  }

  return { adminToken, counts, actionsOf, customer, diagnose };
}

import { expect, it } from 'vitest';
import { describeEachDatabase, failure, loginRaw } from '../test/harness';
import { deviceUpload, sessionCount, upload } from '../android-logs/android-logs-test-support';
import { logBatch, logEntry, postLogs, storedRows } from '../pwa-operations/pwa-operations-test-support';
import { deepJson, pull, pushRaw, pushText, tokenOf } from '../sync/sync-test-helpers';
import { JSON_BOUNDS, JSON_TOO_COMPLEX_MESSAGE, withinJsonBounds } from './json-bounds';

const TOO_COMPLEX = failure('VALIDATION_ERROR', JSON_TOO_COMPLEX_MESSAGE);

it('counts nesting and values outside strings only, in one pass', () => {
  expect(withinJsonBounds(deepJson(JSON_BOUNDS.maxDepth))).toBe(true);
  expect(withinJsonBounds(deepJson(JSON_BOUNDS.maxDepth + 1))).toBe(false);
  // Brackets and commas inside strings, escaped quotes included, are text.
  const text = JSON.stringify({ note: '[[[[{{{{"\\"'.repeat(1000), list: ',,,,'.repeat(100_000) });
  expect(withinJsonBounds(text)).toBe(true);
  expect(withinJsonBounds(`[${'0,'.repeat(JSON_BOUNDS.maxValues)}0]`)).toBe(false);
});

describeEachDatabase('JSON bodies nested too deep', (getCtx) => {
  it('an authenticated push nested a million levels deep: 400 in Japanese, nothing stored', async () => {
    const { app, admin } = getCtx();
    const token = await tokenOf(app, admin);
    const clientId = crypto.randomUUID();
    const body = pushText(clientId, [{ id: 1, name: 'customer.create', argsJson: deepJson(1_000_000) }]);
    const res = await pushRaw(app, token, body, clientId);
    expect([res.status, res.body]).toEqual([400, TOO_COMPLEX]);
    expect((await pull(app, token, clientId)).lastMutationId).toBe(0);
  });

  it('an anonymous operation log whose data nests 130,000 deep: 400, never 500', async () => {
    const { app } = getCtx();
    const entry = JSON.stringify(logEntry({ operation: 'page_view' }));
    const text = `{"logs":[${entry.slice(0, -1)},"data":${deepJson(130_000)}}],"sessionId":"session-1","device":${JSON.stringify(logBatch([]).device)}}`;
    const res = await postLogs(app, text);
    expect([res.status, res.body]).toEqual([400, TOO_COMPLEX]);
    expect(await storedRows(getCtx())).toHaveLength(0);
  });

  it('a device log and a login nested too deep: 400 before anything is read further', async () => {
    const ctx = getCtx();
    const log = JSON.stringify(deviceUpload());
    const res = await upload(ctx, `${log.slice(0, -1)},"extra":${deepJson(100_000)}}`);
    expect([res.status, res.body]).toEqual([400, TOO_COMPLEX]);
    expect(await sessionCount(ctx)).toBe(0);
    const login = await ctx.app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `{"email":"admin","password":${deepJson(100_000, '"x"')}}`,
    });
    expect([login.status, await login.json()]).toEqual([400, TOO_COMPLEX]);
    // The account is not counted as failed: nothing was checked.
    expect((await loginRaw(ctx.app, ctx.admin.username, ctx.admin.password)).status).toBe(200);
  });
});

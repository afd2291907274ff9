import { describe, expect, it } from 'vitest';
import { call, describeEachDatabase, login } from '../test/harness';
import { deviceProof } from '../sync/sync-test-helpers';
import { isPatientPath } from './no-store';

describe('isPatientPath', () => {
  it('matches each prefix and what is below it, not names that merely start alike', () => {
    for (const path of [
      '/api/auth/login',
      '/api/auth/users',
      '/api/users/2',
      '/api/customers',
      '/api/customers/1',
      '/api/sync/pull',
      '/api/visits/1/photos',
      '/api/face-analysis/run',
      '/api/media/x.jpg',
      '/api/diagnosis',
      '/api/surveys/3',
    ]) {
      expect(isPatientPath(path), path).toBe(true);
    }
    for (const path of ['/api/health', '/api/customersX', '/customers', '/api/usersX', '/assets/app.js']) {
      expect(isPatientPath(path), path).toBe(false);
    }
  });
});

describeEachDatabase('Cache-Control on patient data', (getCtx) => {
  const cacheControl = async (method: string, path: string, options: Parameters<typeof call>[3] = {}) => {
    const { status, res } = await call(getCtx().app, method, path, options);
    return [status, res.headers.get('cache-control')];
  };

  it('is no-store on every patient answer, errors included', async () => {
    const { app, admin } = getCtx();
    const { accessToken: token } = await login(app, admin.username, admin.password);
    const clientId = crypto.randomUUID();
    const customer = { name: '山田 花子', phone: '090-1234-5678' };
    const created = await call(app, 'POST', '/api/customers', { token, body: customer });
    expect([created.status, created.res.headers.get('cache-control')]).toEqual([201, 'no-store']);
    expect(await cacheControl('GET', '/api/customers', { token })).toEqual([200, 'no-store']);
    expect(await cacheControl('GET', `/api/customers/${created.body.data.id as string}`, { token })).toEqual([
      200,
      'no-store',
    ]);
    expect(await cacheControl('GET', '/api/customers/stats/summary', { token })).toEqual([200, 'no-store']);
    expect(await cacheControl('GET', '/api/visits', { token })).toEqual([200, 'no-store']);
    expect(await cacheControl('GET', '/api/surveys', { token })).toEqual([200, 'no-store']);
    expect(
      await cacheControl('POST', '/api/sync/pull', {
        token,
        body: { protocolVersion: 1, clientId, cookie: 0 },
        headers: await deviceProof(app, token, clientId),
      }),
    ).toEqual([200, 'no-store']);
    // Refusals: no login, not found, a bad body, too large; and routes that are still to come.
    expect(await cacheControl('GET', '/api/customers')).toEqual([401, 'no-store']);
    expect(await cacheControl('GET', `/api/customers/${crypto.randomUUID()}`, { token })).toEqual([404, 'no-store']);
    expect(await cacheControl('POST', '/api/sync/pull', { token, body: { clientId } })).toEqual([400, 'no-store']);
    expect(
      await cacheControl('POST', '/api/customers', {
        token,
        body: { ...customer, address: 'x'.repeat(2 * 1024 * 1024) },
      }),
    ).toEqual([413, 'no-store']);
    expect(await cacheControl('GET', `/api/visits/${crypto.randomUUID()}`, { token })).toEqual([404, 'no-store']);
    for (const path of ['/api/diagnosis/1', '/api/media/photo.jpg', '/api/face-analysis/1']) {
      expect(await cacheControl('GET', path, { token }), path).toEqual([404, 'no-store']);
    }
  });

  it('is left alone elsewhere', async () => {
    expect(await cacheControl('GET', '/api/health')).toEqual([200, null]);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../app';
import { authed, describeEachDatabase, login, testConfig } from '../test/harness';

type Access = 'public' | 'staff' | 'admin';
type Caller = 'anonymous' | 'staff' | 'admin';

/**
 * Who may call each route, by method and path as Hono registers them. A route missing here fails the
 * first test, so a new one cannot go out without someone deciding who may call it.
 */
const ROUTE_ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'staff',
  'POST /api/auth/verify-token': 'staff',
  'GET /api/auth/me': 'staff',
  'PUT /api/auth/change-password': 'staff',

  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PUT /api/users/:id': 'admin',
  'POST /api/users/:id/unlock': 'admin',
  'DELETE /api/users/:id': 'admin',
  'GET /api/auth/users': 'admin',
  'POST /api/auth/users': 'admin',
  'PUT /api/auth/users/:id': 'admin',
  'POST /api/auth/users/:id/unlock': 'admin',
  'DELETE /api/auth/users/:id': 'admin',

  'POST /api/sync/register': 'staff',
  'POST /api/sync/push': 'staff',
  'POST /api/sync/pull': 'staff',
  'POST /api/sync/heal/start': 'staff',
  'POST /api/sync/heal': 'staff',
  'POST /api/sync/heal/finish': 'staff',
  // Issue 37: the key is public; a sealed push carries its proof (the device's credential) inside its body.
  'GET /api/sync/seal-key': 'public',
  'POST /api/sync/sealed-push': 'public',

  'GET /api/customers': 'staff',
  'GET /api/customers/stats/summary': 'staff',
  'GET /api/customers/:id': 'staff',
  'POST /api/customers': 'staff',
  'PUT /api/customers/:id': 'staff',
  'DELETE /api/customers/:id': 'staff',

  'GET /api/appointments': 'staff',
  'GET /api/appointments/practitioners': 'staff',
  'GET /api/appointments/:id': 'staff',
  'POST /api/appointments': 'staff',
  'PUT /api/appointments/:id': 'staff',

  'GET /api/visits': 'staff',
  'GET /api/visits/stats/summary': 'staff',
  'GET /api/visits/customer/:customerId': 'staff',
  'GET /api/visits/:id': 'staff',
  'POST /api/visits': 'staff',
  'PUT /api/visits/:id': 'staff',
  'DELETE /api/visits/:id': 'staff',

  'GET /api/surveys': 'staff',
  'GET /api/surveys/:id': 'staff',
  'POST /api/surveys': 'staff',

  'GET /api/diagnosis': 'staff',
  'GET /api/diagnosis/stats/summary': 'staff',
  'GET /api/diagnosis/customer/:customerId': 'staff',
  'GET /api/diagnosis/:id': 'staff',
  'POST /api/diagnosis': 'staff',
  'PUT /api/diagnosis/:id': 'staff',
  'DELETE /api/diagnosis/:id': 'staff',

  'ALL /api/media/tus': 'staff',
  'ALL /api/media/tus/:id': 'staff',
  'POST /api/media/upload': 'staff',
  'GET /api/media': 'staff',
  'GET /api/media/:id': 'staff',
  'POST /api/media/:id/link': 'staff',
  'GET /api/media/:id/file': 'staff',
  'GET /api/media/:id/thumbnail': 'staff',
  'PUT /api/media/:id/poster': 'staff',

  'POST /api/face-analysis/analyze': 'staff',
  'GET /api/face-analysis/history/:customerId': 'staff',

  'POST /api/pwa-operations/log': 'public',
  'POST /api/pwa-operations/log-with-photo': 'public',
  'GET /api/pwa-operations/logs': 'admin',
  'GET /api/pwa-operations/error-analysis': 'admin',
  'GET /api/pwa-operations/error-report/:id': 'admin',
  'GET /api/pwa-operations/photo/:id': 'admin',

  'POST /api/android-logs/upload': 'public',
  'POST /api/android-logs/error': 'public',
  'GET /api/android-logs/list': 'admin',
  'GET /api/android-logs/stats': 'admin',
  'GET /api/android-logs/detail/:file': 'admin',
  'GET /api/android-logs/download/:file': 'admin',

  'GET /api/audit-log': 'admin',
  'GET /api/audit-log/export.csv': 'admin',
  'POST /api/audit-events': 'staff',

  'POST /api/device-key': 'staff',
  'DELETE /api/device-key/:clientId': 'admin',
};

/** The routes that take a body from someone not logged in: logging in, and devices reporting problems. */
const PUBLIC_WRITES = [
  'POST /api/android-logs/error',
  'POST /api/android-logs/upload',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/pwa-operations/log',
  'POST /api/pwa-operations/log-with-photo',
  'POST /api/sync/sealed-push',
];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What an `app.all` route is probed with: every method a client could send it. */
const ALL_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
const PARAMS: Record<string, string> = {
  id: '0b6f1b8e-6c1a-4f7e-9a51-3f2d7c9e4a10',
  customerId: '5d2e8c47-1f3b-4a6d-8e90-7b1c2d3e4f50',
  clientId: '7a4c2e19-3b5d-4f6a-8c7e-9d0f1a2b3c4d',
  file: 'android-log-20260101T000000-abc-0123abcd.json',
};
/** Logging out ends the session the other requests use, so it is probed last. */
const ENDS_SESSION = 'POST /api/auth/logout';

const ALLOWED: Record<Access, readonly Caller[]> = {
  public: ['anonymous', 'staff', 'admin'],
  staff: ['staff', 'admin'],
  admin: ['admin'],
};

type App = ReturnType<typeof createApp>;

/** The app's routes as "METHOD /path", without the middleware Hono lists as `ALL …/*` (and the `/api/*` fallback). */
function routesOf(app: App): string[] {
  const routes = app.routes
    .filter((r) => !(r.method === 'ALL' && r.path.endsWith('*')))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

function pathOf(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAMS[name];
    if (value === undefined) throw new Error(`no made-up value for :${name} in ${pattern}`);
    return value;
  });
}

const expectedStatus = (access: Access, caller: Caller) =>
  ALLOWED[access].includes(caller) ? 'allowed' : caller === 'anonymous' ? 401 : 403;

describeEachDatabase('route access', (getCtx) => {
  let mediaDir = '';
  beforeAll(() => {
    mediaDir = mkdtempSync(join(tmpdir(), 'clinic-route-access-'));
  });
  afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
  const appOf = () => createApp({ db: getCtx().db, config: testConfig, media: { dir: mediaDir } });

  it('classifies every route the app registers, and no route it does not', () => {
    const routes = routesOf(appOf());
    const classified = Object.keys(ROUTE_ACCESS);
    expect({
      unclassified: routes.filter((r) => !Object.hasOwn(ROUTE_ACCESS, r)),
      gone: classified.filter((r) => !routes.includes(r)),
    }).toEqual({ unclassified: [], gone: [] });
  });

  it.each<Caller>(['anonymous', 'staff', 'admin'])('answers %s on each route as the table says', async (caller) => {
    const app = appOf();
    const account = caller === 'anonymous' ? undefined : getCtx()[caller];
    const headers = account ? authed((await login(app, account.username, account.password)).accessToken) : {};
    const probes = Object.entries(ROUTE_ACCESS)
      .sort(([a], [b]) => Number(a === ENDS_SESSION) - Number(b === ENDS_SESSION))
      .flatMap(([route, access]) => {
        const [method = '', pattern = ''] = route.split(' ');
        return (method === 'ALL' ? ALL_METHODS : [method]).map((m) => ({
          route,
          method: m,
          path: pathOf(pattern),
          want: expectedStatus(access, caller),
        }));
      });

    const wrong: string[] = [];
    for (const { route, method, path, want } of probes) {
      const { status } = await app.request(path, { method, headers });
      // An allowed caller may still be refused the empty body or the made-up id, but never by the auth check.
      const right = want === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === want;
      if (!right) wrong.push(`${method} ${path} (${route}): ${status}, expected ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  it('takes a body without login only to log in and to receive device and operation logs', () => {
    const publicWrites = routesOf(appOf()).filter(
      (r) => ROUTE_ACCESS[r] === 'public' && !READ_METHODS.has(r.split(' ')[0] ?? ''),
    );
    expect(publicWrites).toEqual(PUBLIC_WRITES);
  });

  it('has no route that writes to the access log: it is read only over HTTP', () => {
    const auditRoutes = routesOf(appOf()).filter((r) => r.split(' ')[1]?.startsWith('/api/audit-log'));
    expect(auditRoutes.length).toBeGreaterThan(0);
    expect(auditRoutes.filter((r) => !READ_METHODS.has(r.split(' ')[0] ?? ''))).toEqual([]);
  });
});

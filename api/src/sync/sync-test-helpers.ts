import {
  DEVICE_CREDENTIAL_HEADER,
  PROTOCOL_VERSION,
  type CustomerCreateArgs,
  type CustomerFields,
  type PullResponse,
  type WireMutation,
  pullResponseSchema,
} from '@clinic/sync-protocol';
import { expect } from 'vitest';
import { type Account, type TestCtx, call, login } from '../test/harness';

type App = TestCtx['app'];

export const CLIENT_TIME = '2026-11-22T09:14:03.120Z';

/** A customer.create mutation; the customer's fields default to a valid minimal customer. */
export function makeCreate(id: number, args: Partial<CustomerCreateArgs> & { id: string }): WireMutation {
  return {
    id,
    name: 'customer.create',
    clientTime: CLIENT_TIME,
    args: { name: '山田 花子', phone: '090-1234-5678', ...args },
  };
}

export function makeUpdate(
  id: number,
  customerId: string,
  patch: Partial<CustomerFields>,
  base: Partial<CustomerFields> = {},
): WireMutation {
  return { id, name: 'customer.update', clientTime: CLIENT_TIME, args: { id: customerId, patch, base } };
}

export function makeDelete(id: number, customerId: string): WireMutation {
  return { id, name: 'customer.delete', clientTime: CLIENT_TIME, args: { id: customerId } };
}

export async function tokenOf(app: App, account: Pick<Account, 'username' | 'password'>): Promise<string> {
  return (await login(app, account.username, account.password)).accessToken;
}

/** By client id (random in every test): a device keeps its credential across a server's restore, as a tablet does. */
const credentials = new Map<string, Promise<string | null>>();

/**
 * The header that proves a test device's claim to `clientId` (issue 34): registered on first use with the
 * token given, as the app does at its first sync; the same afterwards for the same app and id.
 */
export async function deviceProof(
  app: App,
  token: string | undefined,
  clientId: string,
): Promise<Record<string, string>> {
  const known = credentials;
  // One registration per id, also for two calls at once (two pushes of one client arriving together).
  let credential = known.get(clientId);
  if (!credential && token) {
    credential = call(app, 'POST', '/api/sync/register', {
      token,
      body: { protocolVersion: PROTOCOL_VERSION, clientId },
    }).then((res) => (res.status === 200 ? (res.body.data.credential as string) : null));
    known.set(clientId, credential);
  }
  const value = await credential;
  if (value === null) known.delete(clientId);
  return value ? { [DEVICE_CREDENTIAL_HEADER]: value } : {};
}

/** A /api/sync call for `clientId` made as its device does, with the device's credential. */
export async function syncCall(
  app: App,
  path: string,
  token: string | undefined,
  body: { clientId: string } & Record<string, unknown>,
) {
  return call(app, 'POST', path, { token, body, headers: await deviceProof(app, token, body.clientId) });
}

export function push(
  app: App,
  token: string | undefined,
  clientId: string,
  mutations: WireMutation[],
  protocolVersion = PROTOCOL_VERSION,
) {
  return syncCall(app, '/api/sync/push', token, { protocolVersion, clientId, mutations });
}

/** A mutation whose args are given as JSON text: for args JSON.stringify cannot make (nested too deep). */
export type RawMutation = { id: number; name: string; argsJson: string };

/** A push body as text, built without JSON.stringify so its args may be nested deeper than any stack. */
export function pushText(clientId: string, mutations: RawMutation[], protocolVersion = PROTOCOL_VERSION): string {
  const list = mutations.map(
    (m) => `{"id":${m.id},"name":${JSON.stringify(m.name)},"clientTime":"${CLIENT_TIME}","args":${m.argsJson}}`,
  );
  return `{"protocolVersion":${protocolVersion},"clientId":${JSON.stringify(clientId)},"mutations":[${list.join(',')}]}`;
}

/** Sends a push body as it is (see pushText), with the credential of `clientId`'s device. */
export async function pushRaw(app: App, token: string, body: string, clientId?: string) {
  const headers = clientId ? await deviceProof(app, token, clientId) : {};
  return call(app, 'POST', '/api/sync/push', { token, body, headers });
}

/** JSON text of `depth` arrays nested inside each other around `inner`. */
export const deepJson = (depth: number, inner = '0') => '['.repeat(depth) + inner + ']'.repeat(depth);

/** A push that must succeed; returns the server's lastMutationId. */
export async function pushOk(app: App, token: string, clientId: string, mutations: WireMutation[]): Promise<number> {
  const res = await push(app, token, clientId, mutations);
  expect(res.body.error).toBeNull();
  expect(res.status).toBe(200);
  return res.body.data.lastMutationId as number;
}

export function pullRaw(
  app: App,
  token: string | undefined,
  clientId: string,
  cookie: number,
  protocolVersion = PROTOCOL_VERSION,
) {
  return syncCall(app, '/api/sync/pull', token, { protocolVersion, clientId, cookie });
}

/** A pull that must succeed, parsed with the shared schema as the web does. */
export async function pull(app: App, token: string, clientId: string, cookie = 0): Promise<PullResponse> {
  const res = await pullRaw(app, token, clientId, cookie);
  expect(res.body.error).toBeNull();
  expect(res.status).toBe(200);
  return pullResponseSchema.parse(res.body.data);
}

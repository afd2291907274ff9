import { ADMIN } from './server';

type Role = 'admin' | 'staff';

async function call<T>(baseURL: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    // A server that never answers fails here, named, rather than as the scenario's bare timeout.
    signal: AbortSignal.timeout(30_000),
  }).catch((error: unknown) => {
    throw new Error(`${init.method ?? 'GET'} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  });
  const envelope = (await response.json()) as { success: boolean; data: T; message: string | null };
  if (!envelope.success) throw new Error(`${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

export async function apiLogin(baseURL: string, email: string, password: string): Promise<string> {
  const data = await call<{ accessToken: string }>(baseURL, '/auth/login', {
    method: 'POST',
    body: { email, password },
  });
  return data.accessToken;
}

/** Makes a user through the admin API, as an administrator would. */
export async function createUser(
  baseURL: string,
  user: { username: string; email: string; password: string; role: Role; display_name?: string },
) {
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  return call(baseURL, '/users', { method: 'POST', body: user, token });
}

/**
 * Makes the user unless it already exists: a test file's setup runs again in the new worker that follows a
 * failed test, and must not fail for the user it made the first time.
 */
export async function ensureUser(
  baseURL: string,
  user: { username: string; email: string; password: string; role: Role },
) {
  try {
    await createUser(baseURL, user);
  } catch (error) {
    if (!(error instanceof Error && / 409 /.test(error.message))) throw error;
  }
}

export type ServerCustomer = {
  id: string;
  name: string;
  phone: string;
  address: string;
  chartNumber: number;
  deleted: boolean;
};

/** What the server holds, read as an administrator through the REST API. */
export async function serverCustomers(baseURL: string, search?: string): Promise<ServerCustomer[]> {
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  const query = new URLSearchParams({ limit: '1000', ...(search ? { search } : {}) });
  return call<ServerCustomer[]>(baseURL, `/customers?${query}`, { token });
}

export async function createServerCustomer(baseURL: string, fields: { name: string; phone: string; address?: string }) {
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  return call<ServerCustomer>(baseURL, '/customers', { method: 'POST', body: fields, token });
}

/** Several customers with one login (each login costs a password check on the server). */
export async function createServerCustomers(
  baseURL: string,
  list: { name: string; phone: string; nameKana?: string }[],
) {
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  const created: ServerCustomer[] = [];
  for (const fields of list)
    created.push(await call<ServerCustomer>(baseURL, '/customers', { method: 'POST', body: fields, token }));
  return created;
}

/**
 * Reads of the REST API as an administrator with one login for all of them (each login costs a password
 * check on the server): for a test that reads many answers, or the same ones again and again.
 */
export async function adminReader(baseURL: string): Promise<<T>(path: string) => Promise<T>> {
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  return <T>(path: string) => call<T>(baseURL, path, { token });
}

/** Any read of the REST API as an administrator (the spec's answer shapes). */
export async function apiGet<T>(baseURL: string, path: string): Promise<T> {
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  return call<T>(baseURL, path, { token });
}

/** Any create through the REST API as an administrator (the spec's field names). */
export async function apiPost<T>(baseURL: string, path: string, body: unknown): Promise<T> {
  const token = await apiLogin(baseURL, ADMIN.username, ADMIN.password);
  return call<T>(baseURL, path, { method: 'POST', body, token });
}

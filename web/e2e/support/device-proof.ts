import { DEVICE_CREDENTIAL_HEADER, PROTOCOL_VERSION } from '@clinic/sync-protocol';

/**
 * The header a new sync client sends once it has registered (issue 34), for a test or bench that pulls or
 * pushes from outside the app: the server gives the credential at POST /api/sync/register.
 */
export async function registerDevice(
  baseURL: string,
  token: string,
  clientId: string,
): Promise<Record<string, string>> {
  const response = await fetch(`${baseURL}/api/sync/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ protocolVersion: PROTOCOL_VERSION, clientId }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { credential: string } };
  return { [DEVICE_CREDENTIAL_HEADER]: data.credential };
}

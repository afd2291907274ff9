export type CameraStatus = 'checking' | 'online' | 'offline';

/**
 * Whether a single-board camera answers at `url`: any answer means online, no answer within the time
 * offline. `no-cors`, since a camera on the clinic's network is another origin and only its being
 * there matters here. An empty address is the spec's demo mode: offline, without asking anyone.
 */
export async function probeCamera(
  url: string,
  timeoutMs = 3000,
  fetcher: typeof fetch = fetch,
): Promise<'online' | 'offline'> {
  if (url.trim() === '') return 'offline';
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    await fetcher(url, { mode: 'no-cors', cache: 'no-store', signal: controller.signal });
    return 'online';
  } catch {
    return 'offline';
  } finally {
    clearTimeout(timer);
  }
}

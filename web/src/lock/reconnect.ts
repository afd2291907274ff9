import { type User, loginResponseSchema } from '@clinic/sync-protocol';
import { normalizeLoginId } from '@clinic/sync-protocol/rules';
import { ApiError } from '../api/errors';
import { send } from '../api/http';
import { sessionStore } from '../auth/session-store';
import { dataKey, hasDataKey } from '../vault/data-key';
import { lockKeystore } from './lock-keystore';

export type Resume = 'online' | 'offline' | 'needsPassword';

/**
 * An offline session meets the network: the server session comes back without asking where it can,
 * with the person's last refresh token (kept sealed with the data key, so only their password, which
 * opened the key, made it usable). Otherwise the person is asked once (reconnect-prompt).
 */
export async function resumeServerSession(user: User): Promise<Resume> {
  if (!sessionStore.get()?.offline) return 'online';
  if (!hasDataKey()) return 'offline';
  const refreshToken = await lockKeystore.refreshToken(user.id, dataKey()).catch(() => null);
  if (!refreshToken) return 'needsPassword';
  try {
    const res = await send('/auth/refresh', { method: 'POST', body: { refreshToken }, schema: loginResponseSchema });
    if (res.user.id !== user.id || sessionStore.get()?.user.id !== user.id) return 'needsPassword';
    sessionStore.refreshed(res);
    return 'online';
  } catch (error) {
    if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) return 'offline';
    await lockKeystore.keepRefreshToken(user.id, null, dataKey()).catch(() => undefined); // spent or revoked
    return 'needsPassword';
  }
}

/** The server session from the person's password (typed at the lock or in the prompt). False when refused. */
export async function reconnectWithPassword(user: User, password: string): Promise<boolean> {
  if (!sessionStore.get()?.offline) return true;
  try {
    const res = await send('/auth/login', {
      method: 'POST',
      body: { email: normalizeLoginId(user.username), password },
      schema: loginResponseSchema,
    });
    if (res.user.id !== user.id || sessionStore.get()?.user.id !== user.id) return false;
    sessionStore.start(res);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the sealed copy of the person's refresh token current as the tokens rotate. */
export function keepSealedRefreshToken(): () => void {
  let last: string | null = null;
  const keep = () => {
    const session = sessionStore.get();
    if (!session || session.offline || !hasDataKey() || session.refreshToken === last) return;
    last = session.refreshToken;
    void lockKeystore.keepRefreshToken(session.user.id, session.refreshToken, dataKey()).catch(() => undefined);
  };
  keep();
  return sessionStore.subscribe(keep);
}

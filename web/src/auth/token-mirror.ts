import { readMirroredTokens, writeMirroredTokens } from './session-mirror';
import { sessionStore } from './session-store';

/** Keeps the IndexedDB copy of the tokens (read by the service worker) equal to the session. */
export function mirrorSessionTokens(): () => void {
  // Nothing is assumed of the stored copy at start: a session that ended before the app started (expired
  // overnight, signed out in another way) left its tokens there, and the first write clears them.
  let last: string | null | undefined = undefined;
  const write = () => {
    const found = sessionStore.get();
    const session = found && !found.offline ? found : null; // an offline session has no tokens to lend
    const key = session ? `${session.accessToken}|${session.refreshToken}` : null;
    if (key === last) return;
    last = key;
    const tokens = session
      ? {
          accessToken: session.accessToken,
          refreshToken: session.refreshToken,
          accessTokenExpiresAt: session.accessTokenExpiresAt,
          expiresAt: session.expiresAt,
        }
      : null;
    void writeMirroredTokens(tokens).catch(() => undefined);
  };
  write();
  return sessionStore.subscribe(write);
}

/** Takes over tokens the service worker rotated, so the page never spends a used refresh token. */
export async function adoptMirroredTokens(): Promise<void> {
  const mirrored = await readMirroredTokens().catch(() => null);
  const session = sessionStore.get();
  if (!mirrored || !session || mirrored.refreshToken === session.refreshToken) return;
  if (mirrored.accessTokenExpiresAt > session.accessTokenExpiresAt) sessionStore.adoptTokens(mirrored);
}

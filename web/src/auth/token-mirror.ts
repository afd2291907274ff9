import { readMirroredTokens, writeMirroredTokens } from './session-mirror';
import { sessionStore } from './session-store';

/** Keeps the IndexedDB copy of the tokens (read by the service worker) equal to the session. */
export function mirrorSessionTokens(): () => void {
  let last: string | null = null;
  const write = () => {
    const session = sessionStore.get();
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

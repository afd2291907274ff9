import { describe, expect, it, vi } from 'vitest';
import { readMirroredTokens, writeMirroredTokens } from './session-mirror';
import { sessionStore } from './session-store';
import { mirrorSessionTokens } from './token-mirror';

describe('the tokens mirrored for the service worker', () => {
  it('are cleared at start when the session ended before the app started', async () => {
    await writeMirroredTokens({ accessToken: 'old', refreshToken: 'old-r', accessTokenExpiresAt: 1, expiresAt: 2 });
    expect(sessionStore.get()).toBeNull();
    const stop = mirrorSessionTokens();
    await vi.waitFor(async () => expect(await readMirroredTokens()).toBeNull());
    stop();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { loginResponse } from '../test-utils/fixtures';
import { screens } from './screens';
import { warmRoute, warmWorkingScreens } from './warm-route';

// Idle moments come at once here: what matters is what is loaded, in which order, and for whom.
vi.mock('../components/on-demand', () => ({ whenIdle: (task: () => void) => task() }));

vi.mock('./screens', () => {
  const load = () => vi.fn(() => Promise.resolve({ default: () => null }));
  return {
    screens: {
      layout: load(),
      frame: load(),
      dashboard: load(),
      customers: load(),
      customerChart: load(),
      visits: load(),
      surveys: load(),
      diagnosis: load(),
      settings: load(),
    },
  };
});

const loaded = () =>
  (Object.keys(screens) as (keyof typeof screens)[]).filter((key) => vi.mocked(screens[key]).mock.calls.length > 0);

describe('warmRoute', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => sessionStore.end('logout'));

  it('loads nothing for a person who is not logged in (the login page stays small)', () => {
    sessionStore.end('logout');
    void warmRoute('/customers');
    expect(loaded()).toEqual([]);
  });

  it.each([
    ['/customers', 'customers'],
    ['/pwa/visits', 'visits'],
    ['/customers/0193a3f0-0000-4000-8000-000000000001', 'customerChart'],
    ['/pwa/customers/0193a3f0-0000-4000-8000-000000000001/', 'customerChart'],
    ['/settings', 'settings'],
    ['/PWA/Customers/X1', 'customerChart'],
  ])('starts loading the shell and the screen of %s at once', (path, screen) => {
    sessionStore.start(loginResponse());
    void warmRoute(path);
    expect(loaded()).toEqual(['layout', 'frame', screen]);
  });

  it('settles once the code is there, and also when it could not be loaded (rendering loads it again)', async () => {
    sessionStore.start(loginResponse());
    let arrive = () => undefined as void;
    vi.mocked(screens.visits).mockImplementationOnce(
      () => new Promise((resolve) => (arrive = () => resolve({ default: () => null } as never))),
    );
    let settled = false;
    const warm = warmRoute('/visits').then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    arrive();
    await warm;
    expect(settled).toBe(true);

    vi.mocked(screens.dashboard).mockRejectedValueOnce(new Error('offline'));
    await expect(warmRoute('/dashboard')).resolves.toBeUndefined();
  });

  it('leaves paths that are no page alone', () => {
    sessionStore.start(loginResponse());
    void warmRoute('/login');
    expect(loaded()).toEqual([]);
  });
});

describe('warmWorkingScreens', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => sessionStore.end('logout'));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('loads the working screens one after another for a logged-in person, and nothing else', async () => {
    sessionStore.start(loginResponse());
    warmWorkingScreens();
    await vi.waitFor(() => expect(vi.mocked(screens.dashboard)).toHaveBeenCalled());
    expect(vi.mocked(screens.customers).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(screens.visits).mock.invocationCallOrder[0]!,
    );
    expect(loaded()).toEqual(['dashboard', 'customers', 'customerChart', 'visits', 'surveys', 'diagnosis']);
  });

  it('waits on the login page and starts once someone has logged in', async () => {
    sessionStore.end('logout');
    warmWorkingScreens();
    await settle();
    expect(loaded()).toEqual([]);
    sessionStore.start(loginResponse());
    await vi.waitFor(() => expect(vi.mocked(screens.dashboard)).toHaveBeenCalled());
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { loginResponse } from '../test-utils/fixtures';
import { screens } from './screens';
import { warmRoute } from './warm-route';

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
    warmRoute('/customers');
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
    warmRoute(path);
    expect(loaded()).toEqual(['layout', 'frame', screen]);
  });

  it('leaves paths that are no page alone', () => {
    sessionStore.start(loginResponse());
    warmRoute('/login');
    expect(loaded()).toEqual([]);
  });
});

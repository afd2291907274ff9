import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, type ReactNode } from 'react';
import { Link, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../auth/session-store';
import { ja, type PageKey } from '../i18n/ja';
import { loginResponse } from '../test-utils/fixtures';
import { AppRoot } from './app';
import PageFrame from './page-frame';
import { PAGES } from './pages';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  sessionStore.end('logout');
  window.history.replaceState(null, '', '/');
});

const page = (key: PageKey) => PAGES.find((p) => p.key === key)!;

describe('moving to a screen whose code is still loading (the app root with its browser router)', () => {
  it('keeps the current screen shown, with no spinner, until the next one is ready', async () => {
    sessionStore.start(loginResponse());
    let loaded = (_: { default: () => ReactNode }) => {};
    const Surveys = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (loaded = resolve)));
    const routes: RouteObject[] = [
      {
        path: '/visits',
        element: (
          <PageFrame page={page('visits')}>
            <Link to="/surveys">アンケートへ</Link>
          </PageFrame>
        ),
      },
      {
        path: '/surveys',
        element: (
          <PageFrame page={page('surveys')}>
            <Surveys />
          </PageFrame>
        ),
      },
    ];
    window.history.replaceState(null, '', '/visits');
    render(<AppRoot routes={routes} />);

    fireEvent.click(await screen.findByRole('link', { name: 'アンケートへ' }));
    expect(window.location.pathname).toBe('/surveys');
    // Still there and visible: React hides a screen it keeps behind a spinner with display: none.
    expect(screen.getByRole('link', { name: 'アンケートへ' }).style.display).toBe('');
    expect(screen.queryByRole('status', { name: ja.app.loading })).toBeNull();
    expect(document.title).toBe(`${ja.pages.visits.title} | ${ja.app.name}`);

    act(() => loaded({ default: () => <p>アンケートの画面</p> }));
    expect(await screen.findByText('アンケートの画面')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'アンケートへ' })).toBeNull();
    expect(document.title).toBe(`${ja.pages.surveys.title} | ${ja.app.name}`);
  });
});

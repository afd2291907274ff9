import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { adminUser, loginResponse } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import DashboardPage from './dashboard-page';

describe('dashboard', () => {
  afterEach(() => sessionStore.end('logout'));

  it('greets the person by name, and a phone wraps the greeting only between phrases', () => {
    sessionStore.start(loginResponse({ user: adminUser }));
    render(withAntd(<DashboardPage />));
    const greeting = screen.getByText('お疲れさまです、adminさん').closest('.ant-typography')!;
    expect(greeting.getAttribute('style')).toContain('word-break: keep-all');
    expect(greeting.getAttribute('style')).toContain('overflow-wrap: anywhere');
    // The greeting is not a heading: the page title (h1) stays the largest, the card's h2 comes next.
    expect(screen.queryByRole('heading', { name: /お疲れさまです/ })).toBeNull();
  });

  it('says honestly that the screen is not ready, in the same card as every unfinished page', () => {
    sessionStore.start(loginResponse());
    render(withAntd(<DashboardPage />));
    const heading = screen.getByRole('heading', { level: 2, name: 'この画面は準備中です' });
    expect(heading.closest('.ant-card .ant-result')).not.toBeNull();
    expect(screen.getByText('件数、システム状態、業務メニュー、最近の活動をここに表示する予定です。')).toBeTruthy();
  });
});

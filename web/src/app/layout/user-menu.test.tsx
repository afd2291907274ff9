import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { staffUser } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import { UserMenu } from './user-menu';

// The menu's code loads at the first tap (user-menu.tsx): a busy machine takes seconds for it.
const SLOW = { timeout: 10_000 };

function renderMenu() {
  const actions = { onLogout: vi.fn(), onLock: vi.fn(), onSwitchUser: vi.fn() };
  render(withAntd(<UserMenu user={staffUser} {...actions} />));
  return actions;
}

async function choose(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'ユーザーメニュー' }, SLOW));
  fireEvent.click(await screen.findByRole('menuitem', { name: name }, SLOW));
}

/** Handing the tablet over (issue 38): the avatar menu locks now or lets someone else sign in, beside ログアウト. */
describe('the avatar menu', () => {
  it('names the person and offers ロックする, 別のユーザーに切り替え and ログアウト', async () => {
    renderMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'ユーザーメニュー' }, SLOW));
    expect(await screen.findByText(staffUser.username, undefined, SLOW)).toBeTruthy();
    const items = (await screen.findAllByRole('menuitem', undefined, SLOW)).map((item) => item.textContent);
    expect(items).toEqual(['ロックする', '別のユーザーに切り替え', 'ログアウト']);
  });

  it('locks at ロックする', async () => {
    const actions = renderMenu();
    await choose('ロックする');
    expect(actions.onLock).toHaveBeenCalledTimes(1);
    expect(actions.onSwitchUser).not.toHaveBeenCalled();
    expect(actions.onLogout).not.toHaveBeenCalled();
  });

  it('switches at 別のユーザーに切り替え', async () => {
    const actions = renderMenu();
    await choose('別のユーザーに切り替え');
    expect(actions.onSwitchUser).toHaveBeenCalledTimes(1);
    expect(actions.onLock).not.toHaveBeenCalled();
  });
});

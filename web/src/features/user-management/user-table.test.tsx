import type { ManagedUser } from '@clinic/sync-protocol';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubTableWidth } from '../../components/scroll-table/test-support';
import { adminUser, staffUser } from '../../test-utils/fixtures';
import { withAntd } from '../../test-utils/render';
import { UserTable } from './user-table';

const users: ManagedUser[] = [
  { ...adminUser, locked_until: null, treats: false },
  { ...staffUser, last_login: null, locked_until: '2026-11-25T01:00:00.000Z', treats: true },
];
const actions = { selfId: adminUser.id, onEdit: vi.fn(), onDelete: vi.fn(), onUnlock: vi.fn() };

describe('the user table', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps 最終ログイン and 状態 on a tablet, and lets 作成日 go first when the room runs out', () => {
    stubTableWidth(960);
    render(withAntd(<UserTable users={users} {...actions} />));
    const headers = within(screen.getByRole('table', { name: 'ユーザー一覧' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['ユーザー名', 'メールアドレス', '権限', '最終ログイン', '状態', '操作']);
  });

  it('is a card per user on a phone, with the state, the last login and the buttons', () => {
    stubTableWidth(358);
    render(withAntd(<UserTable users={users} {...actions} />));
    const cards = within(screen.getByRole('list', { name: 'ユーザー一覧' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const staff = within(cards[1]!);
    expect(staff.getByText(/^ロック中/)).toBeTruthy();
    expect(cards[1]!.textContent).toContain('最終ログイン：未ログイン');
    expect(staff.getByRole('button', { name: `ロック解除（${staffUser.username}）` })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

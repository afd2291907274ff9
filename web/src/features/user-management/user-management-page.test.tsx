import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ManagedUser } from '@clinic/sync-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../auth/session-store';
import { adminUser, fail, jsonResponse, loginResponse, ok, sentBody, staffUser } from '../../test-utils/fixtures';
import { withoutRetryWaits } from '../../test-utils/online-views';
import { withAntd } from '../../test-utils/render';
import UserManagementPage from './user-management-page';

const SLOW = { timeout: 4_000 };
const recent = new Date(Date.now() - 3600_000).toISOString();
const lockedUntil = new Date(Date.now() + 10 * 60_000).toISOString();
const hanako: ManagedUser = {
  ...staffUser,
  id: 'u-hanako',
  username: 'hanako',
  email: 'hanako@example.jp',
  last_login: recent,
  locked_until: null,
  treats: true,
};
const users = (): ManagedUser[] => [
  { ...adminUser, last_login: recent, locked_until: null, treats: false },
  { ...staffUser, locked_until: lockedUntil, treats: false },
  hanako,
];

type Call = { url: string; method: string; body: unknown };

/** The server as the page sees it: the list, and what each write answers. */
function stubServer(answers: Partial<Record<'POST' | 'PUT' | 'DELETE' | 'GET', () => Response>> = {}) {
  const calls: Call[] = [];
  const respond = (url: string, init: RequestInit = {}): Response => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(sentBody(init)) : undefined });
    const answer = answers[method as keyof typeof answers];
    if (answer) return answer();
    return jsonResponse(200, ok(method === 'GET' ? users() : hanako));
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => Promise.resolve(respond(url, init))),
  );
  return calls;
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });

describe('ユーザー管理', () => {
  let restoreRetryWaits = () => {};
  beforeEach(() => {
    sessionStore.start(loginResponse({ user: adminUser }));
    restoreRetryWaits = withoutRetryWaits();
  });
  afterEach(() => {
    restoreRetryWaits();
    sessionStore.end('expired');
    vi.unstubAllGlobals();
  });

  it("shows the stat cards and the users, with no 削除 on one's own row", async () => {
    stubServer();
    render(withAntd(<UserManagementPage />));
    const table = await screen.findByRole('table', undefined, SLOW);
    const stats = screen.getByRole('list', { name: 'ユーザーの集計' });
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ユーザー数3', '管理者1', 'スタッフ2', '7日以内にログイン2']);
    expect(within(table).getByText('admin（あなた）')).toBeTruthy();
    expect(within(table).getByText('未ログイン')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'adminを削除' })).toBeNull();
    expect(screen.getByRole('button', { name: 'hanakoを削除' })).toBeTruthy();
  });

  it('shows a locked account as locked, and unlocks it', async () => {
    const calls = stubServer();
    render(withAntd(<UserManagementPage />));
    const table = await screen.findByRole('table', undefined, SLOW);
    expect(within(table).getAllByText(/^ロック中（.+まで）$/)).toHaveLength(1);
    expect(within(table).getAllByText('利用可')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'ロック解除（hanako）' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `ロック解除（${staffUser.username}）` }));
    expect(await screen.findByText('ロックを解除しました')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.url).toBe(`/api/users/${staffUser.id}/unlock`);
  });

  it("creates a user with the form's rules, and says so", async () => {
    const calls = stubServer();
    render(withAntd(<UserManagementPage />));
    await screen.findByRole('table', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /新規ユーザー/ }));
    const dialog = await screen.findByRole('dialog', { name: '新規ユーザー' });
    fireEvent.click(within(dialog).getByRole('button', { name: /保存/ }));
    await within(dialog).findByText('ユーザー名とメールアドレスは必須です');
    type(field(dialog, 'ユーザー名'), 'yuki');
    type(field(dialog, 'メールアドレス'), 'ｙｕｋｉ＠ｅｘａｍｐｌｅ．ｊｐ');
    fireEvent.click(within(dialog).getByRole('button', { name: /保存/ }));
    await within(dialog).findByText('新規ユーザーの場合、パスワードは必須です');
    type(field(dialog, 'パスワード'), 'Clinic-Pass-2026!');
    fireEvent.click(within(dialog).getByRole('button', { name: /保存/ }));
    await screen.findByText('ユーザーを作成しました', undefined, SLOW);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/users');
    expect(post.body).toEqual({
      username: 'yuki',
      email: 'ｙｕｋｉ＠ｅｘａｍｐｌｅ．ｊｐ',
      password: 'Clinic-Pass-2026!',
      role: 'staff',
      treats: false,
    });
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('explains the user-name rule under the field as one types, and saves a display name (issue 38)', async () => {
    const calls = stubServer();
    render(withAntd(<UserManagementPage />));
    await screen.findByRole('table', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: /新規ユーザー/ }));
    const dialog = await screen.findByRole('dialog', { name: '新規ユーザー' });
    const username = field(dialog, 'ユーザー名');
    // The rule is told before anything is typed, and the field says what is wrong while typing.
    expect(within(dialog).getByText('ログインに使います。3-20文字の英数字・アンダースコア・ハイフン')).toBeTruthy();
    type(username, '佐藤');
    const message = await within(dialog).findByText(
      'ユーザー名は3-20文字の英数字・アンダースコア・ハイフンで入力してください',
    );
    expect(message.closest('.ant-form-item')).toBe(username.closest('.ant-form-item'));
    expect(within(dialog).queryByRole('alert', { name: /ユーザー名は3-20文字/ })).toBeNull();
    type(username, 'sato');
    await waitFor(() =>
      expect(
        within(dialog).queryByText('ユーザー名は3-20文字の英数字・アンダースコア・ハイフンで入力してください'),
      ).toBeNull(),
    );
    type(field(dialog, '表示名'), '佐藤 花子');
    type(field(dialog, 'メールアドレス'), 'sato@example.jp');
    type(field(dialog, 'パスワード'), 'Clinic-Pass-2026!');
    fireEvent.click(within(dialog).getByRole('button', { name: /保存/ }));
    await screen.findByText('ユーザーを作成しました', undefined, SLOW);
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      username: 'sato',
      display_name: '佐藤 花子',
      email: 'sato@example.jp',
      password: 'Clinic-Pass-2026!',
      role: 'staff',
      treats: false,
    });
  });

  it('shows a user by the display name, with the user name under it', async () => {
    stubServer({ GET: () => jsonResponse(200, ok([{ ...hanako, display_name: '山田 花子' }])) });
    render(withAntd(<UserManagementPage />));
    const table = await screen.findByRole('table', undefined, SLOW);
    expect(within(table).getByText('山田 花子')).toBeTruthy();
    expect(within(table).getByText('hanako')).toBeTruthy();
  });

  it("sends only what changed on edit, the password only when typed, and shows the server's refusal", async () => {
    const calls = stubServer({
      PUT: () => jsonResponse(409, fail('CONFLICT', 'このユーザー名またはメールアドレスは既に使用されています')),
    });
    render(withAntd(<UserManagementPage />));
    await screen.findByRole('table', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'hanakoを編集' }));
    const dialog = await screen.findByRole('dialog', { name: 'ユーザーの編集' });
    type(field(dialog, 'メールアドレス'), 'hana@example.jp');
    fireEvent.click(within(dialog).getByRole('button', { name: /保存/ }));
    await within(dialog).findByText('このユーザー名またはメールアドレスは既に使用されています', undefined, SLOW);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/users/u-hanako');
    expect(put.body).toEqual({ email: 'hana@example.jp' });
  });

  it('deletes after このユーザーを削除しますか？, and says when it fails', async () => {
    let refuse = false;
    const calls = stubServer({
      DELETE: () => (refuse ? jsonResponse(500, fail('INTERNAL', null)) : jsonResponse(200, ok(null))),
    });
    render(withAntd(<UserManagementPage />));
    await screen.findByRole('table', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'hanakoを削除' }));
    const question = await screen.findByRole('dialog', { name: 'このユーザーを削除しますか？' });
    fireEvent.click(within(question).getByRole('button', { name: /削除/ }));
    await screen.findByText('ユーザーを削除しました', undefined, SLOW);
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/users/u-hanako');

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'hanakoを削除' }));
    // The first question may still be fading out: the newest one is last.
    const again = (await screen.findAllByRole('dialog', { name: 'このユーザーを削除しますか？' })).at(-1)!;
    fireEvent.click(within(again).getByRole('button', { name: /削除/ }));
    await screen.findByText(/^ユーザーの削除に失敗しました/, undefined, SLOW);
  });

  it('says when the list cannot be read', async () => {
    stubServer({ GET: () => jsonResponse(500, fail('INTERNAL', null)) });
    render(withAntd(<UserManagementPage />));
    await screen.findByText(/^ユーザー一覧の取得に失敗しました/, undefined, SLOW);
  });
});

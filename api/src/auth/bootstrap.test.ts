import { PASSWORD_POLICY_MESSAGE, isStrongPassword } from '@clinic/sync-protocol';
import { expect, it } from 'vitest';
import { TEST_HASH_COST, describeEachDatabase, login } from '../test/harness';
import { WeakAdminPasswordError, ensureFirstAdmin } from './bootstrap';

describeEachDatabase('ensureFirstAdmin', (getCtx) => {
  const config = { adminUsername: 'Chief', adminEmail: 'Chief@Clinic.Local', passwordHashCost: TEST_HASH_COST };
  const empty = async () => {
    await getCtx().db.deleteFrom('users').execute();
  };

  it('creates one admin with a generated strong password, printed once', async () => {
    const { app, db } = getCtx();
    await empty();
    const lines: string[] = [];
    expect(await ensureFirstAdmin(db, config, (l) => lines.push(l))).toEqual({ created: true });
    const match =
      /初期管理者を作成しました: ユーザー名 chief \/ パスワード (\S+) （このパスワードは一度だけ表示されます）/.exec(
        lines.join('\n'),
      );
    expect(match).not.toBeNull();
    const password = match![1]!;
    expect(password).toHaveLength(20);
    expect(isStrongPassword(password)).toBe(true);
    const session = await login(app, 'chief@clinic.local', password);
    expect(session.user).toMatchObject({ username: 'chief', email: 'chief@clinic.local', role: 'admin' });

    const again: string[] = [];
    expect(await ensureFirstAdmin(db, config, (l) => again.push(l))).toEqual({ created: false });
    expect(again).toEqual([]);
    expect((await db.selectFrom('users').select('id').execute()).length).toBe(1);
  });

  it('does nothing when users exist', async () => {
    const { db } = getCtx();
    const lines: string[] = [];
    expect(await ensureFirstAdmin(db, config, (l) => lines.push(l))).toEqual({ created: false });
    expect(lines).toEqual([]);
    expect((await db.selectFrom('users').select('username').where('username', '=', 'chief').execute()).length).toBe(0);
  });

  it('uses ADMIN_PASSWORD when given, without printing it', async () => {
    const { app, db } = getCtx();
    await empty();
    const lines: string[] = [];
    await ensureFirstAdmin(db, { ...config, adminPassword: 'a-chosen-admin-password' }, (l) => lines.push(l));
    expect(lines.join('\n')).not.toContain('a-chosen-admin-password');
    await login(app, 'chief', 'a-chosen-admin-password');
  });

  it('refuses a weak ADMIN_PASSWORD with the policy message', async () => {
    const { db } = getCtx();
    await empty();
    await expect(ensureFirstAdmin(db, { ...config, adminPassword: 'admin' }, () => undefined)).rejects.toThrow(
      WeakAdminPasswordError,
    );
    await expect(ensureFirstAdmin(db, { ...config, adminPassword: 'admin' }, () => undefined)).rejects.toThrow(
      PASSWORD_POLICY_MESSAGE,
    );
    expect((await db.selectFrom('users').select('id').execute()).length).toBe(0);
  });
});

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PASSWORD_POLICY_MESSAGE, isStrongPassword, normalizeLoginId } from '@clinic/sync-protocol';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/database';
import { countUsers, insertUser } from '../users/users.repository';
import { hashPassword, type ScryptCost } from './password';

export interface FirstAdminConfig {
  adminUsername: string;
  adminEmail: string;
  /** When unset a strong one is generated and printed once. */
  adminPassword?: string | undefined;
  passwordHashCost?: ScryptCost | undefined;
}

/** Thrown when ADMIN_PASSWORD is set but breaks the policy: the server must not start with it. */
export class WeakAdminPasswordError extends Error {
  constructor() {
    super(`ADMIN_PASSWORD: ${PASSWORD_POLICY_MESSAGE}`);
    this.name = 'WeakAdminPasswordError';
  }
}

/**
 * Creates the first admin when there are no users at all, so a fresh install can be logged into.
 * Does nothing once any user exists (the password is never reset behind the admins' back).
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  config: FirstAdminConfig,
  print: (line: string) => void,
): Promise<{ created: boolean }> {
  const given = config.adminPassword;
  if (given !== undefined && given !== '' && !isStrongPassword(given)) throw new WeakAdminPasswordError();
  if ((await countUsers(db)) > 0) return { created: false };

  // 15 random bytes -> 20 base64url characters: meets the 13-character rule with ~120 bits.
  const password = given || randomBytes(15).toString('base64url');
  const hash = await hashPassword(password, config.passwordHashCost);
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const admin = await insertUser(trx, {
      id: crypto.randomUUID(),
      username: normalizeLoginId(config.adminUsername),
      email: normalizeLoginId(config.adminEmail),
      password_hash: hash,
      role: 'admin',
      created_at: now,
      updated_at: now,
      last_login: null,
      first_failed_login_at: null,
      locked_until: null,
    });
    await recordAudit(trx, {
      userId: null,
      username: null,
      action: 'user_create',
      entity: 'user',
      entityId: admin.id,
      detail: { bootstrap: true },
    });
  });
  const username = normalizeLoginId(config.adminUsername);
  if (given) {
    print(
      `初期管理者を作成しました: ユーザー名 ${username}（パスワードは ADMIN_PASSWORD） / First admin created: ${username} (password from ADMIN_PASSWORD)`,
    );
  } else {
    print(
      `初期管理者を作成しました: ユーザー名 ${username} / パスワード ${password} （このパスワードは一度だけ表示されます）`,
    );
    print(`First admin created: user ${username} / password ${password} (shown only once; change it after logging in)`);
  }
  return { created: true };
}

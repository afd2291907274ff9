import { z } from 'zod';
import { ROLES } from '../rules/user';

export const roleSchema = z.enum(ROLES, { error: '権限は staff または admin を指定してください' });

/** A user as the server sends it; the password never leaves the server. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** The name people read (佐藤 花子), null when none was given; `username` stays the sign-in ID. */
  display_name: z.string().nullable().default(null),
  email: z.string(),
  role: roleSchema,
  created_at: z.string(),
  last_login: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** How a person is named on every screen: the display name, else the user name (issue 38). */
export function personName(user: { username: string; display_name?: string | null }): string {
  return user.display_name?.trim() || user.username;
}

/** A user as user management sees it: plus until when the account is locked after failed logins. */
export const managedUserSchema = userSchema.extend({
  locked_until: z.string().nullable(),
  /** 施術者: shown as a column of the 予約表. */
  treats: z.boolean(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

import type { User } from '@clinic/sync-protocol';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** The stat cards' counts: all users, administrators, staff, and those logged in within 7 days. */
export function userStats(users: readonly User[], now = Date.now()) {
  return {
    total: users.length,
    admins: users.filter((u) => u.role === 'admin').length,
    staff: users.filter((u) => u.role === 'staff').length,
    recent: users.filter((u) => u.last_login !== null && now - new Date(u.last_login).getTime() <= WEEK_MS).length,
  };
}

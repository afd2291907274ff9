import type { User } from '@clinic/sync-protocol';
import { describe, expect, it } from 'vitest';
import { userStats } from './user-stats';

const NOW = new Date('2026-11-25T12:00:00Z').getTime();
const user = (role: 'admin' | 'staff', lastLogin: string | null): User => ({
  id: crypto.randomUUID(),
  username: 'u',
  display_name: null,
  email: 'u@example.jp',
  role,
  created_at: '2026-01-01T00:00:00Z',
  last_login: lastLogin,
});

describe('userStats', () => {
  it('counts users, admins, staff, and logins within the last 7 days', () => {
    const users = [
      user('admin', '2026-11-25T09:00:00Z'),
      user('staff', '2026-11-18T12:00:00Z'),
      user('staff', '2026-11-18T11:59:00Z'),
      user('staff', null),
    ];
    expect(userStats(users, NOW)).toEqual({ total: 4, admins: 1, staff: 3, recent: 2 });
    expect(userStats([], NOW)).toEqual({ total: 0, admins: 0, staff: 0, recent: 0 });
  });
});

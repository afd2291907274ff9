import {
  type CreateUser,
  type ManagedUser,
  type UpdateUser,
  managedUserSchema,
  userSchema,
  type User,
} from '@clinic/sync-protocol';
import { z } from 'zod';
import { apiRequest } from './client';
import type { ReadOptions } from './http';

/** The users (spec 7 "Users"): an administrator's online view of the server's accounts, with their lock. */
export const fetchUsers = (call: ReadOptions = {}): Promise<ManagedUser[]> =>
  apiRequest('/users', { schema: z.array(managedUserSchema), ...call });

export const createUser = (body: CreateUser): Promise<User> =>
  apiRequest('/users', { method: 'POST', body, schema: userSchema });

/** `body` holds only what changed; the password only when it is being changed (spec 5 "User form"). */
export const updateUser = (id: string, body: UpdateUser): Promise<User> =>
  apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: userSchema });

export const deleteUser = (id: string): Promise<unknown> =>
  apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });

/** Ends the lock that failed logins put on an account (LOCKOUT on the server). */
export const unlockUser = (id: string): Promise<ManagedUser> =>
  apiRequest(`/users/${encodeURIComponent(id)}/unlock`, { method: 'POST', schema: managedUserSchema });

import { type CreateUser, type UpdateUser, type User, userSchema } from '@clinic/sync-protocol';
import { z } from 'zod';
import { apiRequest } from './client';

/** The users (spec 7 "Users"): an administrator's online view of the server's accounts. */
export const fetchUsers = (signal?: AbortSignal): Promise<User[]> => apiRequest('/users', { schema: z.array(userSchema), signal });

export const createUser = (body: CreateUser): Promise<User> => apiRequest('/users', { method: 'POST', body, schema: userSchema });

/** `body` holds only what changed; the password only when it is being changed (spec 5 "User form"). */
export const updateUser = (id: string, body: UpdateUser): Promise<User> => apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: userSchema });

export const deleteUser = (id: string): Promise<unknown> => apiRequest(`/users/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });

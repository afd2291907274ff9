import { z } from 'zod';
import { apiRequest } from './client';

const practitionersSchema = z.object({ practitioners: z.array(z.string().max(100)).max(200) });

/** The people an administrator marked as 施術者 (ユーザー管理), the 予約表's columns. */
export const fetchPractitioners = async (signal?: AbortSignal): Promise<string[]> =>
  (await apiRequest('/appointments/practitioners', { schema: practitionersSchema, signal })).practitioners;

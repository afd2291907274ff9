import { userSchema } from '@clinic/sync-protocol';
import { z } from 'zod';
import { apiRequest } from '../../api';
import { STATUS_CALLS } from './system-status';

const listSchema = z.array(z.unknown());
const healthSchema = z.object({ status: z.string() });

/**
 * The dashboard's four calls of spec 7, in parallel; answers how many of the three that count for the
 * status failed. The screen's figures come from the device, so the lists are asked for one row only:
 * the calls say whether the server answers, not what it holds. /auth/me does not count (spec 4).
 */
export async function checkSystem(signal: AbortSignal): Promise<number> {
  const [customers, diagnoses, health] = await Promise.allSettled([
    apiRequest('/customers?limit=1', { schema: listSchema, signal }),
    apiRequest('/diagnosis?limit=1', { schema: listSchema, signal }),
    // The health check needs no login: it tells the server's state, not the session's.
    apiRequest('/health', { schema: healthSchema, signal, auth: false }),
    apiRequest('/auth/me', { schema: userSchema, signal }),
  ]);
  const healthy = health.status === 'fulfilled' && health.value.status === 'ok';
  const failed = [customers, diagnoses].filter((call) => call.status === 'rejected').length + (healthy ? 0 : 1);
  return Math.min(failed, STATUS_CALLS);
}

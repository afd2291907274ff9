import type { ErrorCode } from '@clinic/sync-protocol';
import { Hono } from 'hono';
import type { Ctx } from '../deps';
import { type StorageFault, checkStorage } from '../db/storage-health';
import { ok } from '../http/envelope';

/** What the status light's 503 says, by fault (the operator reads the log for the cause). */
export const HEALTH_MESSAGES: Record<StorageFault, string> = {
  full: 'サーバーの保存領域がいっぱいです。管理者に連絡してください',
  damaged: 'サーバーのデータベースが壊れています。管理者に連絡してください',
  readonly: 'サーバーの保存先に書き込めません。管理者に連絡してください',
  unreachable: 'サーバーのデータベースに接続できません。再接続を待っています',
  unavailable: 'サーバーが一時的に利用できません',
};

const HEALTH_CODES: Record<StorageFault, ErrorCode> = {
  full: 'STORAGE_FULL',
  damaged: 'STORAGE_DAMAGED',
  readonly: 'STORAGE_FULL',
  unreachable: 'DATABASE_UNAVAILABLE',
  unavailable: 'INTERNAL_ERROR',
};

/**
 * GET /api/health, no auth: the dashboard's status light and the e2e harness's readiness probe. It
 * answers 503 while the database cannot be read, while the last write failed for want of room (until
 * a write succeeds again), while PostgreSQL cannot be reached (until a query goes through again) and for
 * a database found damaged (until a restart).
 */
export function healthRoutes(ctx: Ctx) {
  return new Hono().get('/', async (c) => {
    const now = ctx.now();
    const time = now.toISOString();
    const { fault, since } = await checkStorage(ctx.db, now);
    if (!fault) return ok(c, { status: 'ok', database: 'ok', time });
    const message = HEALTH_MESSAGES[fault];
    // The one failure that carries data: callers read data.status (spec 7) either way.
    return c.json(
      {
        success: false,
        data: { status: 'error', database: 'error', storage: fault, since, time },
        error: message,
        message,
        code: HEALTH_CODES[fault],
      },
      503,
    );
  });
}

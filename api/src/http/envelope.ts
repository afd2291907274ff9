import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope, ErrorCode } from '@clinic/sync-protocol';

export const MESSAGES = {
  notFound: 'APIエンドポイントが見つかりません',
  malformed: 'リクエストの形式が正しくありません',
  tooLarge: 'リクエストが大きすぎます',
  internal: 'サーバー内部エラーが発生しました',
  storageFull:
    'サーバーの保存領域がいっぱいのため、保存できませんでした。管理者に連絡してください。この端末の未送信の変更は消えずに残り、空きができしだい送信されます',
  databaseUnavailable:
    'サーバーのデータベースに一時的に接続できません。この端末の未送信の変更は消えずに残り、つながりしだい自動で送信されます',
  storageDamaged:
    'サーバーのデータベースが壊れているため、保存できませんでした。管理者に連絡してください。この端末の未送信の変更は消えずに残ります',
  unauthorized: 'ログインが必要です',
  tokenExpired: 'ログインの有効期限が切れました',
  forbidden: 'この操作を実行する権限がありません',
} as const;

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200): Response {
  const body: Envelope<T> = { success: true, data, error: null, message: null, code: null };
  return c.json(body, status);
}

export function failBody(code: ErrorCode, message: string): Envelope<null> {
  return { success: false, data: null, error: message, message, code };
}

export function fail(c: Context, status: ContentfulStatusCode, code: ErrorCode, message: string): Response {
  return c.json(failBody(code, message), status);
}

/**
 * Thrown by services and middleware for an expected failure; the app's error handler turns it
 * into the envelope. Keeps routes free of status bookkeeping.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

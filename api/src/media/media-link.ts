import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a link to one file works: long enough to start and watch a video, short if it leaks. */
export const LINK_TTL_SECONDS = 15 * 60;

/** A key of its own for links, derived from the app's token secret, so a link is never a token. */
export const linkKey = (tokenSecret: string): Buffer =>
  createHmac('sha256', tokenSecret).update('clinic media link v1').digest();

const mac = (key: Buffer, id: string, exp: number, sessionId: string) =>
  createHmac('sha256', key).update(`${id}\n${exp}\n${sessionId}`).digest('base64url');

/**
 * `?sig=&exp=` for one file, so a <video src> streams it without an Authorization header. The
 * signature names the session that asked for the link (opaque to the client): the link works only while
 * that session does (a logout ends it, issue 34), and the read it makes is audited under its user.
 */
export function signLink(key: Buffer, id: string, sessionId: string, now: Date): { sig: string; exp: number } {
  const exp = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS;
  return { sig: `${sessionId}.${mac(key, id, exp, sessionId)}`, exp };
}

/** The session a valid, unexpired link was made in; null for anything else (the caller checks it is still live). */
export function verifyLink(
  key: Buffer,
  id: string,
  sig: string | undefined,
  exp: string | undefined,
  now: Date,
): string | null {
  if (!sig || !exp || !/^\d{1,12}$/.test(exp)) return null;
  const expires = Number(exp);
  if (expires * 1000 <= now.getTime()) return null;
  const dot = sig.indexOf('.');
  if (dot <= 0) return null;
  const sessionId = sig.slice(0, dot);
  const given = Buffer.from(sig.slice(dot + 1));
  const expected = Buffer.from(mac(key, id, expires, sessionId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}

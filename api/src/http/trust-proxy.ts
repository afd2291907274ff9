import { maxHeaderSize } from 'node:http';
import { BlockList, isIP } from 'node:net';
import { ApiError } from './envelope';

/**
 * TRUST_PROXY: which reverse proxies stand in front of the server, so their X-Forwarded-* headers
 * may be believed. Without it those headers are the client's own words and are never read.
 * - unset, `0` or `false`: no proxy; the socket's address is the client.
 * - a whole number N (`1` = one proxy, e.g. nginx on the same machine): the client is the address
 *   N hops from the socket, counted from the right of X-Forwarded-For.
 * - a comma-separated list of addresses or CIDR ranges (`127.0.0.1, 10.0.0.0/8`; `loopback` for
 *   127.0.0.0/8 and ::1): the headers are read only from a socket in the list, and the client is the
 *   right-most X-Forwarded-For entry not in it.
 * With a trusted proxy X-Real-IP is used when X-Forwarded-For is absent, and the server's own origin
 * (for the Origin check) is read from X-Forwarded-Proto / X-Forwarded-Host.
 */
export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; list: BlockList; text: string };

export const NO_PROXY: TrustProxy = { kind: 'none' };
const MAX_HOPS = 10;

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return NO_PROXY;
  if (/^\d{1,2}$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY: at most ${MAX_HOPS} proxies: ${text}`);
    return { kind: 'hops', hops };
  }
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean))
    addEntry(list, entry);
  return { kind: 'addresses', list, text };
}

function addEntry(list: BlockList, entry: string): void {
  if (entry === 'loopback') {
    list.addSubnet('127.0.0.0', 8, 'ipv4');
    list.addAddress('::1', 'ipv6');
    return;
  }
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  const bits = prefix === undefined ? null : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (version === 0 || extra !== undefined || (bits !== null && !(bits <= (version === 4 ? 32 : 128)))) {
    // `true` would trust whoever connects; a number or the proxies' addresses are what is meant.
    throw new Error(`TRUST_PROXY: not a number of proxies, an IP address or a CIDR range: ${entry}`);
  }
  const type = version === 4 ? 'ipv4' : 'ipv6';
  if (bits === null) list.addAddress(address, type);
  else list.addSubnet(address, bits, type);
}

/** ::ffff:10.0.0.1 (how a dual-stack socket gives an IPv4 peer) as 10.0.0.1. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function isTrusted(trust: TrustProxy, address: string | null): boolean {
  if (trust.kind === 'hops') return true;
  if (trust.kind === 'none' || address === null) return false;
  const plain = plainAddress(address);
  const version = isIP(plain);
  return version !== 0 && trust.list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
}

export interface ForwardedHeaders {
  forwardedFor?: string | undefined;
  realIp?: string | undefined;
}

export const FORWARDED_REFUSED_MESSAGE = '接続元の情報が長すぎるため、受け付けられませんでした';

/**
 * The longest X-Forwarded-For read: all the server accepts as headers (Node's limit). The entry the
 * nearest proxy appended is the last one, so a header is read whole or not at all: cutting it would
 * drop that entry and leave the client's own words to be believed.
 */
export const FORWARDED_MAX_CHARS = maxHeaderSize;

/** The entries of a comma-separated header, each trimmed, all of them. */
function entries(header: string): string[] {
  if (header.length > FORWARDED_MAX_CHARS) throw new ApiError(400, 'VALIDATION_ERROR', FORWARDED_REFUSED_MESSAGE);
  return header.split(',').map((e) => plainAddress(e.trim()));
}

/**
 * The client's address: the socket's, or with TRUST_PROXY the one the trusted proxies name, read from
 * the right. Throws a 400 ApiError for a header too long to read whole.
 */
export function clientAddress(trust: TrustProxy, socket: string | null, headers: ForwardedHeaders): string | null {
  const peer = socket === null ? null : plainAddress(socket);
  if (!isTrusted(trust, peer)) return peer;
  const forwarded = headers.forwardedFor ? entries(headers.forwardedFor) : [];
  const realIp = headers.realIp?.trim();
  const named = forwarded.length > 0 ? forwarded : realIp ? [plainAddress(realIp)] : [];
  // The chain from the client to us: what the proxies wrote, then the socket's peer.
  const chain = [...named, peer];
  let index = chain.length - 1;
  if (trust.kind === 'hops') index = Math.max(0, index - trust.hops);
  else while (index > 0 && isTrusted(trust, chain[index] ?? null)) index -= 1;
  // Proxies write addresses: an entry that is none came from the client, so the nearest proxy is all we know.
  for (let i = index; i < chain.length - 1; i += 1) if (isIP(chain[i] ?? '') !== 0) return chain[i] ?? null;
  return peer;
}

/** The last value of a header a proxy may have appended to: the one the nearest proxy wrote. */
const lastValue = (header: string | undefined) => header?.slice(0, 1024).split(',').at(-1)?.trim().toLowerCase() ?? '';
const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9a-f:.]{2,45}\](:\d{1,5})?$/;

/**
 * The origin the browser sees this server at: from the request's own URL, or behind a trusted proxy
 * from X-Forwarded-Proto / X-Forwarded-Host (a proxy that terminates HTTPS talks plain HTTP to us).
 */
export function ownOrigin(
  trust: TrustProxy,
  socket: string | null,
  url: string,
  headers: { proto?: string | undefined; host?: string | undefined },
): string {
  const own = new URL(url);
  if (!isTrusted(trust, socket === null ? null : plainAddress(socket))) return own.origin;
  const proto = lastValue(headers.proto);
  const host = lastValue(headers.host);
  const scheme = proto === 'https' || proto === 'http' ? proto : own.protocol.slice(0, -1);
  return new URL(`${scheme}://${HOST.test(host) ? host : own.host}`).origin;
}

import type { ReactNode } from 'react';

/** The parts of a URL the app routes by, as react-router and `window.location` spell them. */
export type Path = { pathname: string; search: string; hash: string };
export type Location = Path & { state: unknown; key: string };
/**
 * A route of the table: matched by its `path`, or, without one, a layout matched through its `children`
 * (which write their paths in full).
 */
export type RouteObject = { path?: string; element?: ReactNode; children?: RouteObject[] };
export type Params = Readonly<Record<string, string | undefined>>;

/** `/a/b?c#d` → its parts; a part left out is '' (a path of only `?c` keeps the current page). */
export function parsePath(to: string): Path {
  const hashAt = to.indexOf('#');
  const hash = hashAt < 0 ? '' : to.slice(hashAt);
  const rest = hashAt < 0 ? to : to.slice(0, hashAt);
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt < 0 ? rest : rest.slice(0, searchAt),
    search: searchAt < 0 ? '' : rest.slice(searchAt),
    hash,
  };
}

export function createPath({ pathname, search, hash }: Path): string {
  return pathname + (search === '?' ? '' : search) + (hash === '#' ? '' : hash);
}

/**
 * Where `to` leads from the page at `from`: an absolute path as it is, a relative one below the current
 * path (`abc` from /pwa/customers is /pwa/customers/abc), `..` one segment up. Kept as react-router's
 * `relative: 'path'` resolves, trailing slashes included.
 */
export function resolveTo(to: string, from: string): Path {
  const { pathname: toPathname, search, hash } = parsePath(to);
  const doubles = /[\\/]{2,}/g;
  // As react-router: from the matched route's path (doubled slashes made one), or the page as it is for `?q`.
  let pathname = toPathname || to === '' ? from.replace(doubles, '/') : from;
  if (toPathname) {
    const clean = toPathname.replace(doubles, '/');
    const absolute = clean.startsWith('/') || clean.startsWith('\\');
    const segments = (absolute ? '' : pathname.replace(/\/+$/, '')).split('/');
    for (const segment of (absolute ? clean.slice(1) : clean).split('/')) {
      if (segment === '..') {
        if (segments.length > 1) segments.pop();
      } else if (segment !== '.') segments.push(segment);
    }
    pathname = segments.length > 1 ? segments.join('/') : '/';
  }
  const keepsSlash = (toPathname !== '/' && toPathname.endsWith('/')) || ((to === '' || toPathname === '.') && from.endsWith('/'));
  if (keepsSlash && !pathname.endsWith('/')) pathname += '/';
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

/** Route paths and URLs compare without trailing slashes (`/pwa/` is `/pwa`); the root keeps its one segment. */
const segmentsOf = (path: string) => (path.startsWith('/') ? path : `/${path}`).replace(/\/+$/, '').split('/');

/** Each segment decoded as react-router does: an encoded slash stays one segment, and becomes `/` in a param. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname; // a malformed escape: matched as it is
  }
}

/**
 * The params of `pathname` under `pattern`, or null when it does not match. A segment matches itself
 * (in any case, as react-router's default) or a `:param`; a final `*` matches all the rest.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const decoded = decodePath(pathname);
  const want = segmentsOf(pattern);
  const have = segmentsOf(decoded);
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment === '*' && i === want.length - 1) {
      // The rest as written, trailing slash included (react-router's `*` param).
      params['*'] = decoded.split('/').slice(i).join('/').replace(/%2F/g, '/');
      return params;
    }
    const value = have[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) {
      if (!value) return null; // never empty: `/customers//x` names no customer
      params[segment.slice(1)] = value.replace(/%2F/g, '/');
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return have.length === want.length ? params : null;
}

/** The first route in order that matches, with the layouts around it (outermost first), and its params. */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): { routes: RouteObject[]; params: Params } | null {
  for (const route of routes) {
    if (route.path !== undefined) {
      const params = matchPath(route.path, pathname);
      if (params) return { routes: [route], params };
    } else if (route.children) {
      const inner = matchRoutes(route.children, pathname);
      if (inner) return { routes: [route, ...inner.routes], params: inner.params };
    }
  }
  return null;
}

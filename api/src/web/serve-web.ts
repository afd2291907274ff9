import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { except } from 'hono/combine';
import { compress } from 'hono/compress';
import { contentTypeFor } from './content-types';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// Files whose name does not change between builds: always revalidate, or a new version never shows.
const NO_CACHE = new Set(['/index.html', '/login.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);
/** The login screen is its own static page (fast first paint); every other app route is index.html. */
export const LOGIN_PATHS = new Set(['/login', '/pwa/login']);

/**
 * Serves the built PWA from distDir after the /api routes: real files as they are, and index.html
 * for app routes (paths without an extension) so client-side routing works on reload. A missing
 * /assets/x.js must answer 404, never index.html with 200, or a stale page breaks silently.
 */
export function serveWeb(app: Hono, distDir: string): void {
  const root = resolve(distDir);
  app.use(
    '*',
    except((c) => c.req.path.startsWith('/api/'), compress()),
  );
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const path = c.req.path;
    if (path === '/api' || path.startsWith('/api/')) return c.notFound();
    const file = await readStatic(root, path === '/' ? '/index.html' : path);
    if (file) return send(c, file.path, file.body);
    if (extname(path) !== '') return c.text('Not Found', 404);
    const page = LOGIN_PATHS.has(path.replace(/\/$/, '')) ? '/login.html' : '/index.html';
    const html = await readStatic(root, page);
    if (!html) {
      return c.text('Web build is missing: run `npm run build`. / Webアプリがビルドされていません。', 503);
    }
    return send(c, page, html.body);
  });
}

async function readStatic(root: string, urlPath: string): Promise<{ path: string; body: Buffer } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const full = resolve(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return undefined; // no ../ out of dist
  try {
    if (!(await stat(full)).isFile()) return undefined;
    return { path: urlPath, body: await readFile(full) };
  } catch {
    return undefined;
  }
}

function send(c: Context, urlPath: string, body: Buffer) {
  const cache = urlPath.startsWith('/assets/')
    ? IMMUTABLE
    : NO_CACHE.has(urlPath)
      ? 'no-cache'
      : 'public, max-age=3600';
  return c.body(new Uint8Array(body), 200, {
    'Content-Type': contentTypeFor(extname(urlPath)),
    'Cache-Control': cache,
  });
}

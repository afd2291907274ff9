// Setup of every api test file. The api files share a worker's modules (vite.config.ts), and so its globals:
// @hono/node-server's listener replaces the global Request and Response with its own lighter classes when a
// file starts a real server, and the next file's app.request() then answered without the headers its
// middleware set (seen: no nosniff, no Cache-Control). Each file starts with the platform's own.
const PLATFORM = Symbol.for('clinic.test.platformFetchGlobals');

type Saved = { Request: typeof Request; Response: typeof Response };
const scope = globalThis as typeof globalThis & { [PLATFORM]?: Saved };
const saved = (scope[PLATFORM] ??= { Request: globalThis.Request, Response: globalThis.Response });
globalThis.Request = saved.Request;
globalThis.Response = saved.Response;

import { Hono } from 'hono';
import { MESSAGES, fail } from '../http/envelope';
import { HEALTH_MESSAGES } from './health.routes';

/**
 * What the server answers while its start waits for PostgreSQL: /api/health says why (503, the
 * database unreachable, since when), every other /api call 503 in the words a tablet shows (it keeps
 * its outbox and tries again later), and the page a short 503.
 */
export function waitingApp(since: Date): Hono {
  const app = new Hono();
  app.get('/api/health', (c) => {
    const message = HEALTH_MESSAGES.unreachable;
    return c.json(
      {
        success: false,
        data: {
          status: 'error',
          database: 'error',
          storage: 'unreachable',
          since: since.toISOString(),
          time: new Date().toISOString(),
        },
        error: message,
        message,
        code: 'DATABASE_UNAVAILABLE',
      },
      503,
    );
  });
  app.all('/api/*', (c) => fail(c, 503, 'DATABASE_UNAVAILABLE', MESSAGES.databaseUnavailable));
  app.all('*', (c) => c.text(HEALTH_MESSAGES.unreachable, 503));
  return app;
}

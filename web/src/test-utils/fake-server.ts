import { vi } from 'vitest';
import { requestUrl } from './fixtures';

/** One request the code under test sent through `fetch`. */
export type SentRequest = {
  url: string;
  method: string;
  auth: string | null;
  type: string | null;
  body: BodyInit | null | undefined;
  init: RequestInit;
};

/**
 * A fake server in place of `fetch`: it answers in the given order and records what was sent. A request with no
 * answer left fails, so a test also proves that nothing more was asked. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeServer(...answers: Array<(sent: SentRequest) => Response | Promise<Response>>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const request: SentRequest = {
        url: requestUrl(input),
        method: init.method ?? 'GET',
        auth: headers.get('Authorization'),
        type: headers.get('Content-Type'),
        body: init.body,
        init,
      };
      sent.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected call ${request.url}`);
      return answer(request);
    }),
  );
  return sent;
}

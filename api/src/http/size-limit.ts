import { bodyLimit } from 'hono/body-limit';
import { MESSAGES, fail } from './envelope';

/** Refuses a body over `maxBytes` with 413 and the route's own words, from its declared length before it is read. */
export const sizeLimit = (maxBytes: number, message: string = MESSAGES.tooLarge) =>
  bodyLimit({ maxSize: maxBytes, onError: (c) => fail(c, 413, 'PAYLOAD_TOO_LARGE', message) });

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mutationSchema } from '../mutations/mutation';
import { PROTOCOL_VERSION } from './protocol-version';
import { pullRequestSchema, pullResponseSchema } from './pull';
import { pushRequestSchema, pushResponseSchema } from './push';
import {
  healFinishRequestSchema,
  healFinishResponseSchema,
  healRequestSchema,
  healResponseSchema,
  healStartRequestSchema,
  healStartResponseSchema,
} from './heal';

// Every schema that crosses the wire. Changing any of them changes the hash.
const wire = {
  mutationSchema,
  pushRequestSchema,
  pushResponseSchema,
  pullRequestSchema,
  pullResponseSchema,
  healStartRequestSchema,
  healStartResponseSchema,
  healRequestSchema,
  healResponseSchema,
  healFinishRequestSchema,
  healFinishResponseSchema,
};

function hashWire() {
  const json = JSON.stringify(
    Object.entries(wire).map(([name, schema]) => [
      name,
      z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }),
    ]),
  );
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

describe('protocol version', () => {
  it('is bumped whenever a wire schema changes', () => {
    // When this fails: bump PROTOCOL_VERSION (with a line of history) and record the new hash here.
    const recorded: Record<number, string> = {
      1: '490e67c97877fd8d',
      2: '75366850fb09672f',
      3: '9fe4ea63305dba12',
      4: '82cd8023c7e37528',
      5: 'e7ee1bfb357b982f',
      6: '98b2775478ba243f',
      7: 'c330a8bdcfd42965',
      8: '8e9bac7c60a114d4',
      9: 'b7b180a032971066',
      10: 'b0793131e66d707c',
      11: 'a01c1695f7fa0629',
      12: 'c20b804e6b182a5a',
    };
    expect({ version: PROTOCOL_VERSION, hash: hashWire() }).toEqual({
      version: PROTOCOL_VERSION,
      hash: recorded[PROTOCOL_VERSION],
    });
  });
});

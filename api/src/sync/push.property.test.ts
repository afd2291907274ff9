import { MUTATION_NAMES, pushRequestSchema } from '@clinic/sync-protocol';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { withinJsonBounds } from '../http/json-bounds';
import { describeEachDatabase } from '../test/harness';
import { PUSH_BODY_LIMIT_BYTES } from './sync.routes';
import { type RawMutation, deepJson, makeCreate, pushOk, pushRaw, pushText, tokenOf } from './sync-test-helpers';

// Any UTF-16 code unit, lone surrogates and NUL included: what a buggy or hostile client can send.
const codeUnit = fc.nat({ max: 0xffff }).map((c) => String.fromCharCode(c));
const anyText = fc.oneof(
  fc.string({ unit: codeUnit, maxLength: 30 }),
  fc.constantFrom('\u0000', 'a\ud800', '\udc00b', '', ' '),
);
const longText = fc.integer({ min: 1_000, max: 20_000 }).map((n) => '既'.repeat(n));

/** JSON text of any value, including ones nested deeper than JSON.stringify (or any recursion) can go. */
const jsonText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 1_000, max: 50_000 }), fc.constantFrom('0', '{}', '"x"'))
      .map(([n, inner]) => deepJson(n, inner)),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1_000, max: 50_000 }).map((n) => '{"a":'.repeat(n) + 'null' + '}'.repeat(n)),
  },
  { weight: 1, arbitrary: longText.map((v) => JSON.stringify(v)) },
);

/** Values for a customer field: right-looking, wrong-typed, or strange. */
const fieldValue = fc.oneof(
  anyText,
  longText,
  fc.jsonValue(),
  fc.constantFrom('山田 花子', '090-1234-5678', 'a@b.jp', 'female'),
);
const customerish = fc
  .record(
    {
      name: fieldValue,
      nameKana: fieldValue,
      phone: fieldValue,
      email: fieldValue,
      age: fc.oneof(fc.integer(), fc.jsonValue()),
      address: fieldValue,
    },
    { requiredKeys: [] },
  )
  .map((v) => JSON.stringify(v));
const recordId = fc.oneof(
  fc.uuid().map((v) => JSON.stringify(v)),
  jsonText,
);

/** A valid customer, or one with a single field replaced: many of these are applied. */
const nearlyValid = fc
  .tuple(
    fc.uuid(),
    fc.option(
      fc.tuple(
        fc.constantFrom('name', 'nameKana', 'phone', 'email', 'age', 'gender', 'address', 'medicalHistory'),
        fieldValue,
      ),
    ),
  )
  .map(([id, swap]) =>
    JSON.stringify({ id, name: '山田 花子', phone: '090-1234-5678', ...(swap ? { [swap[0]]: swap[1] } : {}) }),
  );

/** Args shaped like the mutations' (an id, fields, a patch and its base) holding anything, or any JSON at all. */
const argsText = fc.oneof(
  jsonText,
  fc
    .tuple(recordId, customerish)
    .map(([id, fields]) => (fields === '{}' ? `{"id":${id}}` : `{"id":${id},${fields.slice(1)}`)),
  fc
    .tuple(recordId, customerish, customerish)
    .map(([id, patch, base]) => `{"id":${id},"patch":${patch},"base":${base}}`),
);

const nameText = fc.oneof(
  fc.constantFrom(...MUTATION_NAMES),
  anyText,
  fc.constantFrom('__proto__', 'constructor', 'toString', 'customer.'),
  longText,
);

/** Mutations numbered 1, 2, … as a client sends them. */
const mutations = fc
  .array(fc.oneof(fc.tuple(nameText, argsText), fc.tuple(fc.constant('customer.create'), nearlyValid)), {
    maxLength: 8,
  })
  .map((list) => list.map(([name, argsJson], i): RawMutation => ({ id: i + 1, name, argsJson })));

describeEachDatabase('sync push, whatever the mutations hold', (getCtx) => {
  it('answers 200 with the last id sent, or 400 for a body that is not a push or is nested too deep, and the queue goes on', async () => {
    const { app, admin } = getCtx();
    const token = await tokenOf(app, admin);
    const notAPush = fc.jsonValue().map((v) => JSON.stringify(v));
    const bodies = fc.oneof(
      {
        weight: 9,
        arbitrary: mutations.map((list) => ({ list, text: (clientId: string) => pushText(clientId, list) })),
      },
      { weight: 1, arbitrary: notAPush.map((text) => ({ list: [] as RawMutation[], text: () => text })) },
    );
    await fc.assert(
      fc.asyncProperty(bodies, async ({ list, text }) => {
        const clientId = crypto.randomUUID();
        const body = text(clientId);
        // A body over the limit is refused whole (413) before it is read; that is another test's subject.
        fc.pre(Buffer.byteLength(body) <= PUSH_BODY_LIMIT_BYTES);
        const res = await pushRaw(app, token, body, clientId);
        let last = 0;
        // Nested past the bounds, the body is refused whole before it is parsed (json-bounds.ts).
        if (withinJsonBounds(body) && pushRequestSchema.safeParse(JSON.parse(body)).success) {
          last = list.at(-1)?.id ?? 0;
          expect([res.status, res.body.data]).toEqual([200, { lastMutationId: last, epoch: expect.any(String) }]);
        } else {
          expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_ERROR']);
        }
        // The next change of this client is applied: nothing before it stopped the queue.
        expect(await pushOk(app, token, clientId, [makeCreate(last + 1, { id: crypto.randomUUID() })])).toBe(last + 1);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

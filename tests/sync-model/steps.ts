import fc from 'fast-check';

/**
 * The steps of the sync model's random schedules (sync-model.test.ts): what devices do, offline and
 * online, with the network, the server and the session failing under them.
 */
export const CLIENTS = 3;

const client = fc.integer({ min: 0, max: CLIENTS - 1 });
const pick = fc.nat();
const word = fc.constantFrom('山田', '佐藤', '鈴木', 'たなか', 'タナカ', 'Ito');
// One visit is edited on several devices at once as often as not: the same field or different ones.
const visitEdit = fc.oneof(
  fc.record({ price: fc.constantFrom(null, 3000, '４，５００') }),
  fc.record({ notes: fc.constantFrom('', 'メモ', '肩こり') }),
  fc.record({ date: fc.constantFrom('2026-11-01', '２０２６－１１－２３') }),
);
export const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant('create' as const), c: client, name: word }) },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('update' as const),
      c: client,
      pick,
      field: fc.constantFrom('name' as const, 'address' as const),
      value: word,
    }),
  },
  // Typed as a Japanese keyboard gives it too: the device and the server must store the same normalised value.
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('update' as const),
      c: client,
      pick,
      field: fc.constant('phone' as const),
      value: fc.constantFrom('03-1111-2222', '090-0000-1111', '０９０ー００００ー１１１１'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('update' as const),
      c: client,
      pick,
      field: fc.constant('birthDate' as const),
      value: fc.constantFrom('S60.4.1', '１９９０年１月１日', '1990-01-01', null),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('delete' as const), c: client, pick }) },
  // Visits and surveys name a customer this device shows, who may meanwhile be deleted on another.
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('visit' as const),
      c: client,
      pick,
      price: fc.constantFrom(null, 5000, '３，０００'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('editVisit' as const), c: client, pick, edit: visitEdit }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deleteVisit' as const), c: client, pick }) },
  {
    weight: 2,
    arbitrary: fc.record({ t: fc.constant('survey' as const), c: client, pick, pain: fc.integer({ min: 1, max: 5 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('editSurvey' as const),
      c: client,
      pick,
      pain: fc.integer({ min: 1, max: 5 }),
    }),
  },
  // Markers are records of their own: two devices marking one diagnosis offline must both keep their work.
  { weight: 1, arbitrary: fc.record({ t: fc.constant('diagnose' as const), c: client, pick }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deleteDiagnosis' as const), c: client, pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('mark' as const),
      c: client,
      pick,
      view: fc.constantFrom('front' as const, 'back' as const),
      x: fc.integer({ min: 0, max: 1000 }),
      pain: fc.integer({ min: 1, max: 10 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      t: fc.constant('editMark' as const),
      c: client,
      pick,
      pain: fc.integer({ min: 1, max: 10 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('unmark' as const), c: client, pick }) },
  { weight: 4, arbitrary: fc.record({ t: fc.constant('sync' as const), c: client }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('network' as const), c: client, online: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('lossy' as const), c: client, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reload' as const), c: client }) },
  // The service worker replays its sealed queue (issue 37), possibly losing the answer and sending it again.
  { weight: 2, arbitrary: fc.record({ t: fc.constant('replay' as const), c: client, keep: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('expire' as const), c: client }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('restart' as const) }) },
);
export type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** A marker as a tap on the figure makes it: x in tenths of a percent, one decimal kept. */
export function markerAt(view: 'front' | 'back', tenths: number, painLevel: number, number: number) {
  const x = tenths / 10;
  return {
    number,
    view,
    x,
    y: 40,
    bodyPart: `${view === 'front' ? '前面' : '背面'} (${x.toFixed(1)}%, 40.0%)`,
    painLevel,
  };
}

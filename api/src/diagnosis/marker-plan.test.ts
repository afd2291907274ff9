import type { PainMarker } from '@clinic/sync-protocol';
import { describe, expect, it } from 'vitest';
import type { BodyPart } from './diagnosis.payload';
import { planMarkers } from './marker-plan';

const DIAGNOSIS = '00000000-0000-4000-8000-000000000000';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const spot = { view: 'front', x: 10, y: 20, bodyPart: 'front 10% 20%', painLevel: 5 } as const;
const marker = (n: number, over: Partial<PainMarker> = {}): PainMarker => ({
  ...spot,
  id: uuid(n),
  diagnosisId: DIAGNOSIS,
  number: n,
  region: '腰部',
  notes: '',
  resolved: false,
  createdAt: '',
  updatedAt: '',
  updatedBy: null,
  version: 1,
  deleted: false,
  ...over,
});
const newIds = () => {
  let next = 7;
  return () => uuid(next++);
};
const plan = (live: PainMarker[], parts: BodyPart[]) => planMarkers(DIAGNOSIS, live, parts, newIds());

describe('planMarkers', () => {
  it('numbers new spots by their own number, a local id that is a marker number, else their place', () => {
    const parts: BodyPart[] = [
      { ...spot, ref: 4 },
      { ...spot, ref: 1732950000000 },
      { ...spot, number: 9, ref: 2 },
      { ...spot },
    ];
    expect(plan([], parts).creates.map((c) => [c.id, c.number, c.region, c.notes, c.resolved])).toEqual([
      [uuid(7), 4, null, '', false],
      [uuid(8), 2, null, '', false],
      [uuid(9), 9, null, '', false],
      [uuid(10), 4, null, '', false],
    ]);
  });

  it('matches by UUID, else by number; sends only what differs; deletes what no part names', () => {
    const live = [marker(1), marker(2, { resolved: true }), marker(3)];
    const parts: BodyPart[] = [
      // Region and 消失 left out: left as they are.
      { ...spot, ref: uuid(2), painLevel: 8 },
      { ...spot, ref: 1, notes: '右' },
      { ...spot, ref: uuid(5), number: 5 },
    ];
    expect(plan(live, parts)).toEqual({
      updates: [
        { id: uuid(2), patch: { painLevel: 8 }, base: {} },
        { id: uuid(1), patch: { notes: '右' }, base: {} },
      ],
      creates: [{ ...spot, id: uuid(5), diagnosisId: DIAGNOSIS, number: 5, region: null, notes: '', resolved: false }],
      deletes: [uuid(3)],
    });
  });

  it('renumbers a spot matched by UUID only when a number is given, and never matches one marker twice', () => {
    const live = [marker(1), marker(2)];
    const parts: BodyPart[] = [
      { ...spot, ref: uuid(1), number: 3, region: '腰部' },
      { ...spot, ref: uuid(1) },
      { ...spot, ref: 2, region: '腰部' },
    ];
    const result = plan(live, parts);
    expect(result.updates).toEqual([{ id: uuid(1), patch: { number: 3 }, base: {} }]);
    // The second use of the UUID is a new spot under it, which the mutator refuses as already there.
    expect(result.creates.map((c) => c.id)).toEqual([uuid(1)]);
    expect(result.deletes).toEqual([]);
  });
});

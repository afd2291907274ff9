import {
  type MutationArgs,
  PAIN_MARKER_FIELDS,
  type PainMarker,
  diffFields,
  painMarkerFieldsSchema,
} from '@clinic/sync-protocol';
import { regionAt } from '@clinic/sync-protocol/body';
import type { BodyPart } from './diagnosis.payload';

export type MarkerPlan = {
  creates: MutationArgs<'painMarker.create'>[];
  updates: MutationArgs<'painMarker.update'>[];
  deletes: string[];
};

/** The number a part asks for: its own, else its local id when that is a valid marker number. */
function askedNumber(part: BodyPart): number | undefined {
  if (part.number !== undefined) return part.number;
  const { ref } = part;
  return typeof ref === 'number' && painMarkerFieldsSchema.shape.number.safeParse(ref).success ? ref : undefined;
}

/**
 * A part's fields with its named region found from its position when it names none: the spec's own
 * payload has only x, y and the side, and common pain areas are grouped by region.
 */
function withRegion(fields: Omit<BodyPart, 'ref'>): Omit<BodyPart, 'ref'> {
  if (fields.region !== undefined || fields.view === undefined || fields.x === undefined || fields.y === undefined)
    return fields;
  return { ...fields, region: regionAt(fields.view, fields.x, fields.y)?.id ?? null };
}

/**
 * The marker mutations that turn a record's live markers into the REST body's list. A part names its
 * marker by UUID, else by number (its own, its local id, else its place in the list, from 1). A
 * matched marker gets only the fields that differ; an unmatched part is a new marker (under its UUID
 * when it has one); a live marker no part names is deleted.
 */
export function planMarkers(
  diagnosisId: string,
  live: readonly PainMarker[],
  parts: readonly BodyPart[],
  newId: () => string = () => crypto.randomUUID(),
): MarkerPlan {
  const unmatched = new Map(live.map((marker) => [marker.id, marker]));
  const plan: MarkerPlan = { creates: [], updates: [], deletes: [] };
  parts.forEach((part, index) => {
    const { ref, ...given } = part;
    const asked = askedNumber(part);
    const number = asked ?? index + 1;
    const match =
      typeof ref === 'string' ? unmatched.get(ref) : [...unmatched.values()].find((marker) => marker.number === number);
    if (match) {
      unmatched.delete(match.id);
      // A spot moved without naming its region gets the region of where it now is; otherwise it keeps its own.
      const moved = (['view', 'x', 'y'] as const).some((key) => given[key] !== undefined && given[key] !== match[key]);
      const fields = moved ? withRegion(given) : given;
      const { patch, changed } = diffFields(PAIN_MARKER_FIELDS, match, { ...fields, number: asked });
      // Based on what the server holds now, as every REST edit is (see the visits' PUT).
      if (changed) plan.updates.push({ id: match.id, patch, base: {} });
      return;
    }
    const fields = withRegion(given);
    plan.creates.push({
      ...fields,
      id: typeof ref === 'string' ? ref : newId(),
      diagnosisId,
      number,
      region: fields.region ?? null,
      notes: fields.notes ?? '',
      resolved: fields.resolved ?? false,
    });
  });
  plan.deletes = [...unmatched.keys()];
  return plan;
}

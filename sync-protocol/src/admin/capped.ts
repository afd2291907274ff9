import { z } from 'zod';

/**
 * Log text from a device that sent it without logging in: any string is accepted and cut to `max`
 * characters (a 50 KB stack must not cost the whole report), never refused and never interpreted.
 * Cutting is right here and nowhere else: this is a machine's report, not what a person typed.
 */
export const cappedText = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) =>
      value === undefined || value === null ? '' : typeof value === 'string' ? value : (JSON.stringify(value) ?? ''),
    )
    .transform((text) => (text.length > max ? `${text.slice(0, max - 1)}…` : text));

/** An optional figure (milliseconds, pixels): a finite, non-negative number, or null when missing or nonsense. */
export const optionalFigure = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null));

/** A list kept to its last `max` items, each checked by `item`; anything not a list becomes empty. */
export const lastItems = <T extends z.ZodType>(item: T, max: number) =>
  z
    .unknown()
    .optional()
    .transform((value): unknown[] => (Array.isArray(value) ? (value as unknown[]).slice(-max) : []))
    .pipe(z.array(item));

/**
 * Free-form JSON a device attaches (an API answer, extra data): kept as text of at most `max`
 * characters, so nothing the server stores can grow without bound or be read as anything but data.
 */
export const jsonAsText = (max: number) =>
  z
    .unknown()
    .optional()
    .transform((value) => {
      if (value === undefined || value === null) return null;
      let text: string;
      try {
        text = typeof value === 'string' ? value : JSON.stringify(value);
      } catch {
        return null;
      }
      return text.length > max ? `${text.slice(0, max - 1)}…` : text;
    });

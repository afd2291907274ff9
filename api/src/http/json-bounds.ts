import { ApiError } from './envelope';

/**
 * How deep and how many values a JSON body may hold. The deepest body the app sends (a push's
 * mutation args) nests about ten levels, and its largest (a heal batch, a full push) some tens of
 * thousands of values; parsing and validating past these bounds would hold the event loop, and a value
 * nested deep enough overflows the stack of every recursive walk over it (a 500).
 */
export const JSON_BOUNDS = { maxDepth: 64, maxValues: 200_000 } as const;
export type JsonBounds = { maxDepth: number; maxValues: number };

export const JSON_TOO_COMPLEX_MESSAGE =
  '送信された内容の入れ子が深すぎるか、項目が多すぎるため、受け付けられませんでした';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

/**
 * True when `text` nests no deeper than `maxDepth` and holds at most `maxValues` containers and
 * separated items, counted outside strings. One pass, no allocation: it runs before JSON.parse, so a
 * hostile body costs a linear scan and nothing more. Text that is not JSON is left for the parser to refuse.
 */
export function withinJsonBounds(text: string, bounds: JsonBounds = JSON_BOUNDS): boolean {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i += 1;
      else if (ch === QUOTE) inString = false;
      continue;
    }
    if (ch === QUOTE) inString = true;
    else if (ch === OPEN_OBJECT || ch === OPEN_ARRAY) {
      depth += 1;
      values += 1;
      if (depth > bounds.maxDepth || values > bounds.maxValues) return false;
    } else if (ch === CLOSE_OBJECT || ch === CLOSE_ARRAY) depth -= 1;
    else if (ch === COMMA && (values += 1) > bounds.maxValues) return false;
  }
  return true;
}

/** JSON.parse behind the bounds: too deep or too many values is a 400 with Japanese words, never a stall or a 500. */
export function parseBoundedJson(text: string, malformedMessage: string): unknown {
  if (!withinJsonBounds(text)) throw new ApiError(400, 'VALIDATION_ERROR', JSON_TOO_COMPLEX_MESSAGE);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'VALIDATION_ERROR', malformedMessage);
  }
}

/** How many characters of a note the list shows (spec 2: メモ truncated to 20 characters). */
export const NOTES_PREVIEW_LENGTH = 20;

/**
 * The start of a note for the list, on one line, or null when the whole note fits. Counted in
 * characters as a person sees them (an emoji or a rare kanji outside the BMP is one, never cut in half).
 */
export function notesPreview(notes: string, length: number = NOTES_PREVIEW_LENGTH): string | null {
  const oneLine = notes.replace(/\s+/g, ' ').trim();
  const chars = Array.from(oneLine);
  if (chars.length <= length && oneLine === notes) return null;
  return chars.length <= length ? oneLine : `${chars.slice(0, length).join('')}…`;
}

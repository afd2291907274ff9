/** What fitting needs of a column: its minimum width and how soon it may go. */
export type FittableColumn = { width: number; priority?: number };

/**
 * The columns that fit in `width` px. While they do not, the column with the largest `priority` goes
 * (the rightmost of equals); a column without one (the name, the actions) always stays, so a narrow
 * screen loses the e-mail before it loses the buttons. Width 0 (not measured yet) keeps them all.
 */
export function fitColumns<C extends FittableColumn>(columns: readonly C[], width: number): readonly C[] {
  let total = columns.reduce((sum, column) => sum + column.width, 0);
  if (width <= 0 || total <= width) return columns;
  const droppable = columns
    .map((column, index) => ({ column, index, priority: column.priority }))
    .filter((c): c is { column: C; index: number; priority: number } => c.priority !== undefined)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  const dropped = new Set<C>();
  for (const { column } of droppable) {
    if (total <= width) break;
    dropped.add(column);
    total -= column.width;
  }
  return columns.filter((column) => !dropped.has(column));
}

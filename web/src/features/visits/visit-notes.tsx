import type { TooltipProps } from 'antd';
import { onDemand } from '../../components/on-demand';
import { ja } from '../../i18n/ja';
import { notesPreview } from './notes-preview';

const t = ja.visits;

// antd's tooltip loads once the list is shown; until then a note is the same button without it.
const tooltip = onDemand<TooltipProps>(
  () => import('./visit-notes-tooltip').then((m) => m.Tooltip),
  ({ children }) => children,
);
const Tooltip = tooltip.Component;
export const preloadNoteTooltip = tooltip.preload;

/**
 * メモ on one line, cut at 20 characters, and by the column's width with …: a row has one fixed height,
 * so a note never wraps (an 18-character note in the 1280 px table's column took three lines and printed
 * over the next row). Any note is a button: pointing at it, tapping it or reaching it with Tab shows the
 * whole text, as the width may cut even a short one. A tap focuses it explicitly, because Safari on an
 * iPad does not focus a tapped button, and a tap outside closes it again.
 */
export function VisitNotes({ notes }: { notes: string }) {
  if (!notes.trim()) return null;
  const preview = notesPreview(notes) ?? notes;
  return (
    <Tooltip title={<div className="visit-notes-full">{notes}</div>} trigger={['hover', 'focus']} placement="topLeft">
      <button
        type="button"
        className="visit-notes"
        aria-label={`${t.columns.notes}：${notes}`}
        onClick={(e) => e.currentTarget.focus()}
      >
        {preview}
      </button>
    </Tooltip>
  );
}

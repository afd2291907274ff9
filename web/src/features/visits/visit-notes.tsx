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
 * メモ cut at 20 characters. A longer note is a button: pointing at it, tapping it or reaching it with
 * Tab shows the whole text. A tap focuses it explicitly, because Safari on an iPad does not focus a
 * tapped button, and a tap outside closes it again.
 */
export function VisitNotes({ notes }: { notes: string }) {
  const preview = notesPreview(notes);
  if (preview === null) return <>{notes}</>;
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

import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { personName } from '@clinic/sync-protocol';
import { useSession } from '../../auth';
import { useConfirmDelete } from '../../components/confirm';
import { EmptyState } from '../../components/empty-state';
import { onDemand, whenIdle } from '../../components/on-demand';
import { useReopenDraft } from '../../drafts/use-reopen-draft';
import { useToast } from '../../components/toast';
import { ja } from '../../i18n/ja';
import { useVisitList, visitTotals, type VisitView } from '../../data/live';
import { useAnyVisits } from './use-any-visits';
import { useDeleteVisit } from './use-delete-visit';
import { useExportVisits } from './use-export-visits';
import type { SaveResult } from './use-save-visit';
import { useVisitFilters } from './use-visit-filters';
import type { NewVisitDefaults } from './visit-form-values';
import { VisitTable } from './visit-table';
import { VisitToolbar } from './visit-toolbar';
import { VisitTotals } from './visit-totals';

// The form (and its date picker and checks) loads after the list shows, or at the first tap.
const visitForm = onDemand(() => import('./visit-form-dialog').then((m) => m.VisitFormDialog));
const VisitFormDialog = visitForm.Component;
// Shown only after a save: its alert loads then, not with the list.
const VisitSavedOffer = onDemand(() =>
  import('../../components/current-patient/visit-saved-offer').then((m) => m.VisitSavedOffer),
).Component;
export const preloadVisitForm = visitForm.preload;

const t = ja.visits;
const NO_VISITS: readonly VisitView[] = [];

/** 'new' opens an empty dialog; a visit opens it for editing; null: closed. */
type DialogTarget = 'new' | VisitView | null;

/** 来院履歴: the visits of a period (this month at first), optionally of one customer, with their totals. */
export default function VisitsPage() {
  const { range, setRange, customerId, onCustomerChange, filter } = useVisitFilters();
  const { loaded, data, partial } = useVisitList(filter);
  const rows = data ?? NO_VISITS;
  // Once per answer of the list's query, never per render: 30,000 visits stay on the device.
  const totals = useMemo(() => visitTotals(rows), [rows]);
  const anyVisits = useAnyVisits(loaded && rows.length === 0);
  const [dialog, setDialog] = useState<DialogTarget>(null);
  // The visit just recorded: the screen offers its pre-survey next (issue 24).
  const [recorded, setRecorded] = useState<SaveResult | null>(null);
  const user = useSession()?.user;
  // 担当者 of a new visit: the display name, else the user name.
  const userName = user ? personName(user) : '';
  const remove = useDeleteVisit();
  const toast = useToast();
  useEffect(() => whenIdle(() => void preloadVisitForm().catch(() => undefined)), []);
  const confirmDelete = useConfirmDelete();
  const onExport = useExportVisits(rows, range, customerId);

  const onAdd = useCallback(() => setDialog('new'), []);
  const onEdit = useCallback((visit: VisitView) => setDialog(visit), []);
  // A form left open when the session passed to someone else, given back to its owner (drafts/): a
  // visit being edited is found among the rows shown (the period it was opened from).
  const reopenDraft = useCallback(
    (id: string | null) => {
      const visit = id === null ? 'new' : rows.find((row) => row.id === id);
      if (visit) setDialog(visit);
    },
    [rows],
  );
  useReopenDraft('visit', reopenDraft);
  const onDelete = useCallback(
    (visit: VisitView) =>
      confirmDelete(t.deleteConfirm(visit.date, visit.customerName), () =>
        remove(visit).then(
          () => toast.success(t.deleted),
          () => toast.error(t.deleteFailed),
        ),
      ),
    [confirmDelete, remove, toast],
  );
  const onClose = useCallback(
    (result: SaveResult | null) => {
      // A transition: the saved row (shown as soon as it is stored) is painted before the dialog's closing work.
      startTransition(() => {
        setDialog(null);
        setRecorded(result?.outcome === 'created' ? result : null);
        if (result && result.outcome !== 'unchanged')
          toast.success(result.outcome === 'created' ? t.form.created : t.form.updated);
      });
    },
    [toast],
  );

  const defaults = useMemo<NewVisitDefaults>(() => ({ staffName: userName, customerId }), [userName, customerId]);

  // Memoised so the (memoised) table does not re-render for a dialog opening.
  const empty = useMemo(
    () => (anyVisits === undefined ? null : <EmptyState description={anyVisits ? t.noMatch : t.empty} />),
    [anyVisits],
  );
  return (
    <>
      {recorded && (
        <VisitSavedOffer visitId={recorded.id} customerId={recorded.customerId} onDismiss={() => setRecorded(null)} />
      )}
      <VisitToolbar
        onAdd={onAdd}
        onExport={onExport}
        // The file needs every row, which may come a moment after the first rows.
        canExport={rows.length > 0 && !partial}
        range={range}
        onRangeChange={setRange}
        customerId={customerId}
        onCustomerChange={onCustomerChange}
      />
      <VisitTable rows={rows} loading={!loaded} empty={empty} onEdit={onEdit} onDelete={onDelete} />
      {loaded && <VisitTotals range={range} totals={partial ? null : totals} />}
      {dialog && <VisitFormDialog visit={dialog === 'new' ? null : dialog} defaults={defaults} onClose={onClose} />}
    </>
  );
}

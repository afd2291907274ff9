import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { onDemand, whenIdle } from '../../components/on-demand';
import { useReopenDraft } from '../../drafts/use-reopen-draft';
import { openSyncProblems } from '../../components/sync-status';
import { useToast } from '../../components/toast';
import type { LocalCustomer } from '../../data/clinic-db';
import { ja } from '../../i18n/ja';
import { reloadCustomers, useCustomerSearch, useCustomers } from '../../data';
import { useSyncProblems } from '../../sync';
import type { CustomerOrder } from './customer-order';
import { CustomerLoadFailure } from './customer-load-failure';
import { CustomerTable } from './customer-table';
import { CustomerToolbar } from './customer-toolbar';
import { useDeleteCustomer } from './use-delete-customer';
import type { SaveResult } from './use-save-customer';
import { useSortedCustomers } from './use-sorted-customers';

const t = ja.customers;

/** The form (and antd's form code) loads after the list is shown; see preloadCustomerForm. */
const customerForm = onDemand(() => import('./customer-form-dialog').then((m) => m.CustomerFormDialog));
const CustomerFormDialog = customerForm.Component;
/** Loads the form's code, so 新規顧客 and 編集 open it at once. */
export const preloadCustomerForm = customerForm.preload;

/** 'new' opens an empty dialog; a customer opens it for editing; null: closed. */
type DialogTarget = 'new' | LocalCustomer | null;

export default function CustomersPage() {
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<CustomerOrder>('newest');
  const [dialog, setDialog] = useState<DialogTarget>(null);
  const [revealId, setRevealId] = useState<string | null>(null);
  const { entries: all, preview, failed } = useCustomers();
  const { loaded, total, entries, searching } = useCustomerSearch(query);
  const sorted = useSortedCustomers(all, entries, order);
  // Until every customer is read, the first rows of the default order show at once (no search, no count).
  const early = !loaded && !searching && order === 'newest' ? preview : undefined;
  const rows = useMemo(() => (early ?? sorted).map((e) => e.customer), [early, sorted]);
  const { conflictedIds } = useSyncProblems();
  const onDelete = useDeleteCustomer();
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => whenIdle(() => void preloadCustomerForm().catch(() => undefined)), []);

  const onAdd = useCallback(() => setDialog('new'), []);
  // A tap on the row opens the customer's chart, below this page's own path (so /pwa stays /pwa).
  const onOpen = useCallback((customer: LocalCustomer) => void navigate(customer.id, { relative: 'path' }), [navigate]);
  // 編集 and the form's 登録済みの顧客を開く open the customer's form.
  const onEdit = useCallback((customer: LocalCustomer) => setDialog(customer), []);
  // A form left open when the session passed to someone else, given back to its owner (drafts/).
  const reopenDraft = useCallback(
    (id: string | null) => {
      const customer = id === null ? 'new' : all.find((entry) => entry.customer.id === id)?.customer;
      if (customer) setDialog(customer);
    },
    [all],
  );
  useReopenDraft('customer', reopenDraft);

  const onClose = useCallback(
    (result: SaveResult | null) => {
      // A transition: the saved row (rendered as soon as it is stored) is painted before the dialog's
      // closing work, which is what the clinician is waiting to see.
      startTransition(() => {
        setDialog(null);
        if (!result || result.outcome === 'unchanged') return;
        setRevealId(result.id);
        toast.success(result.outcome === 'created' ? t.form.created : t.form.updated);
      });
    },
    [toast],
  );

  return (
    <>
      <CustomerToolbar
        query={query}
        onQueryChange={setQuery}
        onAdd={onAdd}
        order={order}
        onOrderChange={setOrder}
        count={loaded ? { shown: rows.length, total } : null}
      />
      {failed ? (
        <CustomerLoadFailure onRetry={reloadCustomers} />
      ) : (
        <CustomerTable
          rows={rows}
          loading={!loaded && rows.length === 0}
          searching={searching && total > 0}
          revealId={revealId}
          conflictedIds={conflictedIds}
          onOpen={onOpen}
          onEdit={onEdit}
          onDelete={onDelete}
          onShowConflicts={openSyncProblems}
        />
      )}
      {dialog && (
        <CustomerFormDialog customer={dialog === 'new' ? null : dialog} onClose={onClose} onOpenExisting={onEdit} />
      )}
    </>
  );
}

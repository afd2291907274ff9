import { App } from 'antd';
import { startTransition, useCallback, useMemo, useState } from 'react';
import { openSyncProblems } from '../../components/sync-status';
import { useToast } from '../../components/toast';
import type { LocalCustomer } from '../../db/clinic-db';
import { ja } from '../../i18n/ja';
import { useCustomerSearch, useSyncProblems } from '../../sync';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomerTable } from './customer-table';
import { CustomerToolbar } from './customer-toolbar';
import { useDeleteCustomer } from './use-delete-customer';
import type { SaveResult } from './use-save-customer';

const t = ja.customers;

/** 'new' opens an empty dialog; a customer opens it for editing; null: closed. */
type DialogTarget = 'new' | LocalCustomer | null;

export default function CustomersPage() {
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<DialogTarget>(null);
  const [revealId, setRevealId] = useState<string | null>(null);
  const { loaded, total, entries, searching } = useCustomerSearch(query);
  const rows = useMemo(() => entries.map((e) => e.customer), [entries]);
  const { conflictedIds } = useSyncProblems();
  const remove = useDeleteCustomer();
  const toast = useToast();
  const { modal } = App.useApp();

  const onAdd = useCallback(() => setDialog('new'), []);
  const onEdit = useCallback((customer: LocalCustomer) => setDialog(customer), []);
  const onDelete = useCallback(
    (customer: LocalCustomer) => {
      void modal.confirm({
        title: t.deleteConfirm(customer.name),
        okText: t.delete,
        okButtonProps: { danger: true },
        cancelText: t.form.cancel,
        onOk: () => remove(customer).then(() => toast.success(t.deleted), () => toast.error(t.deleteFailed)),
      });
    },
    [modal, remove, toast],
  );

  const onClose = useCallback((result: SaveResult | null) => {
    // A transition: the saved row (rendered as soon as it is stored) is painted before the dialog's
    // closing work, which is what the clinician is waiting to see.
    startTransition(() => {
      setDialog(null);
      if (!result || result.outcome === 'unchanged') return;
      setRevealId(result.id);
      toast.success(result.outcome === 'created' ? t.form.created : t.form.updated);
    });
  }, [toast]);

  return (
    <>
      <CustomerToolbar query={query} onQueryChange={setQuery} onAdd={onAdd} count={loaded ? { shown: rows.length, total } : null} />
      <CustomerTable
        rows={rows}
        loading={!loaded}
        searching={searching && total > 0}
        revealId={revealId}
        conflictedIds={conflictedIds}
        onEdit={onEdit}
        onDelete={onDelete}
        onShowConflicts={openSyncProblems}
      />
      {dialog && (
        <CustomerFormDialog customer={dialog === 'new' ? null : dialog} onClose={onClose} />
      )}
    </>
  );
}

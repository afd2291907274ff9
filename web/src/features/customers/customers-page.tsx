import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { openSyncProblems } from '../../components/sync-status';
import { useToast } from '../../components/toast';
import type { LocalCustomer } from '../../db/clinic-db';
import { ja } from '../../i18n/ja';
import { useSyncProblems } from '../../sync';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomerSearch } from './customer-search';
import { CustomerTable } from './customer-table';
import { useCustomerSearch } from './use-customers';
import { useDeleteCustomer } from './use-delete-customer';
import { useRefreshCustomers } from './use-refresh-customers';
import { useSaveCustomer, type SaveOutcome } from './use-save-customer';

const t = ja.customers;

/** 'new' opens an empty dialog; a customer opens it for editing; null: closed. */
type DialogTarget = 'new' | LocalCustomer | null;

export default function CustomersPage() {
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<DialogTarget>(null);
  const { loaded, total, rows, searching } = useCustomerSearch(query);
  const { conflictedIds } = useSyncProblems();
  const { save, saving } = useSaveCustomer();
  const remove = useDeleteCustomer();
  const { refresh, syncing } = useRefreshCustomers();
  const toast = useToast();
  const { modal } = App.useApp();

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

  const onClose = (outcome: SaveOutcome | null) => {
    setDialog(null);
    if (outcome === 'created') toast.success(t.form.created);
    if (outcome === 'updated') toast.success(t.form.updated);
  };

  return (
    <>
      <Space wrap style={{ display: 'flex', marginBottom: 16 }}>
        <CustomerSearch value={query} onChange={setQuery} />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('new')}>
          {t.add}
        </Button>
        <Button icon={<ReloadOutlined />} aria-label={t.refreshLabel} loading={syncing} onClick={() => void refresh()}>
          {t.refresh}
        </Button>
        {loaded && <Typography.Text type="secondary">{t.count(rows.length, total)}</Typography.Text>}
      </Space>
      <CustomerTable
        rows={rows}
        loading={!loaded}
        searching={searching && total > 0}
        conflictedIds={conflictedIds}
        onEdit={onEdit}
        onDelete={onDelete}
        onShowConflicts={openSyncProblems}
      />
      {dialog && (
        <CustomerFormDialog
          customer={dialog === 'new' ? null : dialog}
          saving={saving}
          onSave={(values) => save(dialog === 'new' ? null : dialog, values)}
          onClose={onClose}
        />
      )}
    </>
  );
}

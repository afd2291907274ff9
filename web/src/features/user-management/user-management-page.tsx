import type { ManagedUser, User } from '@clinic/sync-protocol';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api';
import { deleteUser, unlockUser } from '../../api/users-api';
import { useSession } from '../../auth';
import { useConfirm } from '../../components/confirm';
import { StatCards } from '../../components/stat-cards';
import { useToast } from '../../components/toast';
import { jaUsers } from '../../i18n/ja-users';
import { UserFormDialog } from './user-form-dialog';
import { userStats } from './user-stats';
import { UserTable } from './user-table';
import { useUsers } from './use-users';
import './user-management.css';

const t = jaUsers;

/**
 * ユーザー管理 (spec 2, admin only; the page frame turns others away): the stat cards, the user table and
 * the create / edit / delete of accounts, all online against the server.
 */
export default function UserManagementPage() {
  const session = useSession();
  const toast = useToast();
  const confirm = useConfirm();
  const { users, loading, error, offline, reload } = useUsers();
  const [editing, setEditing] = useState<ManagedUser | 'new' | null>(null);
  const stats = userStats(users ?? []);

  const closed = (saved: 'created' | 'updated' | null) => {
    setEditing(null);
    if (!saved) return;
    toast.success(saved === 'created' ? t.created : t.updated);
    void reload();
  };
  const remove = (user: User) =>
    confirm({
      title: t.deleteConfirm,
      content: user.display_name ? `${user.display_name}（${user.username}）` : user.username,
      okText: t.delete,
      danger: true,
      onOk: async () => {
        try {
          await deleteUser(user.id);
          toast.success(t.deleted);
          void reload();
        } catch (failure) {
          toast.error(
            failure instanceof ApiError && failure.serverMessage
              ? `${t.deleteFailed}：${failure.serverMessage}`
              : t.deleteFailed,
          );
        }
      },
    });

  const unlock = async (user: ManagedUser) => {
    try {
      await unlockUser(user.id);
      toast.success(t.unlocked);
      void reload();
    } catch (failure) {
      toast.error(
        failure instanceof ApiError && failure.serverMessage
          ? `${t.unlockFailed}：${failure.serverMessage}`
          : t.unlockFailed,
      );
    }
  };

  return (
    <div className="users-page">
      {offline && <Alert type="warning" showIcon title={t.offline} />}
      {error && <Alert type="error" showIcon title={error} />}
      <StatCards
        label={t.statsLabel}
        stats={(['total', 'admins', 'staff', 'recent'] as const).map((key) => ({
          key,
          label: t.stats[key],
          value: users ? stats[key] : '—',
        }))}
      />
      <div className="users-toolbar">
        <Button
          size="large"
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          disabled={offline}
          onClick={() => setEditing('new')}
        >
          {t.add}
        </Button>
        <Button size="large" icon={<ReloadOutlined aria-hidden />} disabled={offline} onClick={() => void reload()}>
          {t.reload}
        </Button>
      </div>
      {loading && !users ? (
        <Spin />
      ) : (
        users && (
          <UserTable
            users={users}
            selfId={session?.user.id ?? null}
            onEdit={setEditing}
            onDelete={remove}
            onUnlock={(user) => void unlock(user)}
          />
        )
      )}
      {editing && <UserFormDialog user={editing === 'new' ? null : editing} onClose={closed} />}
    </div>
  );
}

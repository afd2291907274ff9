import { japanDateTime } from '@clinic/sync-protocol/rules';
import type { ManagedUser } from '@clinic/sync-protocol';
import { DeleteOutlined, EditOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { StatusTag } from '../../components/status-tag';
import { jaUsers } from '../../i18n/ja-users';
import { ScrollTable, STICKY_ACTIONS } from '../../components/scroll-table';

const t = jaUsers;

type Props = {
  users: ManagedUser[];
  selfId: string | null;
  onEdit: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
  onUnlock: (user: ManagedUser) => void;
};

/**
 * The user table: name, e-mail, role chip, created, last login, whether failed logins locked it;
 * 編集, ロック解除 on a locked account, and 削除 except on one's own row.
 */
export function UserTable({ users, selfId, onEdit, onDelete, onUnlock }: Props) {
  return (
    <ScrollTable<ManagedUser>
      rowKey="id"
      dataSource={users}
      pagination={false}
      minWidth={940}
      label={t.list}
      empty={t.empty}
      columns={[
        {
          key: 'username',
          title: t.columns.username,
          render: (_, user) => (
            <strong>
              {user.username}
              {user.id === selfId && t.you}
            </strong>
          ),
        },
        { key: 'email', title: t.columns.email, dataIndex: 'email' },
        {
          key: 'role',
          title: t.columns.role,
          render: (_, user) => (
            <StatusTag tone={user.role === 'admin' ? 'warn' : 'info'}>{t.roles[user.role]}</StatusTag>
          ),
        },
        { key: 'created', title: t.columns.createdAt, render: (_, user) => japanDateTime(user.created_at) },
        {
          key: 'lastLogin',
          title: t.columns.lastLogin,
          render: (_, user) => (user.last_login ? japanDateTime(user.last_login) : t.never),
        },
        {
          key: 'state',
          title: t.columns.state,
          render: (_, user) =>
            user.locked_until ? (
              <StatusTag tone="error">{t.lockedUntil(japanDateTime(user.locked_until))}</StatusTag>
            ) : (
              <StatusTag tone="ok">{t.active}</StatusTag>
            ),
        },
        {
          key: 'actions',
          className: STICKY_ACTIONS,
          title: t.columns.actions,
          render: (_, user) => (
            <span className="users-actions">
              <Button
                size="large"
                icon={<EditOutlined />}
                aria-label={t.editOf(user.username)}
                onClick={() => onEdit(user)}
              >
                {t.edit}
              </Button>
              {user.locked_until && (
                <Button
                  size="large"
                  icon={<UnlockOutlined />}
                  aria-label={t.unlockOf(user.username)}
                  onClick={() => onUnlock(user)}
                >
                  {t.unlock}
                </Button>
              )}
              {user.id !== selfId && (
                <Button
                  size="large"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t.deleteOf(user.username)}
                  onClick={() => onDelete(user)}
                >
                  {t.delete}
                </Button>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}

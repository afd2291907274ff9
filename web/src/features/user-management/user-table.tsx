import { japanDateTime } from '@clinic/sync-protocol/rules';
import type { ManagedUser } from '@clinic/sync-protocol';
import { personName } from '@clinic/sync-protocol';
import { DeleteOutlined, EditOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { StatusTag } from '../../components/status-tag';
import { jaUsers } from '../../i18n/ja-users';
import { ScrollTable, STICKY_ACTIONS, WRAP_CELL, type ScrollColumn } from '../../components/scroll-table';

const t = jaUsers;

/** Below this width (a phone) each user is a card. */
export const USER_CARDS_BELOW = 640;

type Actions = {
  selfId: string | null;
  onEdit: (user: ManagedUser) => void;
  onDelete: (user: ManagedUser) => void;
  onUnlock: (user: ManagedUser) => void;
};
type Props = Actions & { users: ManagedUser[] };

/** The display name when there is one, with the user name (the sign-in ID) under it. */
const UserName = ({ user, selfId }: { user: ManagedUser; selfId: string | null }) => (
  <>
    <strong>
      {personName(user)}
      {user.id === selfId && t.you}
    </strong>
    {user.display_name && <span className="users-login-id">{user.username}</span>}
  </>
);
const RoleTag = ({ user }: { user: ManagedUser }) => (
  <StatusTag tone={user.role === 'admin' ? 'warn' : 'info'}>{t.roles[user.role]}</StatusTag>
);
const StateTag = ({ user }: { user: ManagedUser }) =>
  user.locked_until ? (
    <StatusTag tone="error">{t.lockedUntil(japanDateTime(user.locked_until))}</StatusTag>
  ) : (
    <StatusTag tone="ok">{t.active}</StatusTag>
  );
const lastLogin = (user: ManagedUser) => (user.last_login ? japanDateTime(user.last_login) : t.never);

/** 編集, ロック解除 on a locked account, and 削除 except on one's own row. */
function UserActions({ user, selfId, onEdit, onDelete, onUnlock }: Actions & { user: ManagedUser }) {
  return (
    <span className="users-actions">
      <Button
        size="large"
        icon={<EditOutlined aria-hidden />}
        aria-label={t.editOf(user.username)}
        onClick={() => onEdit(user)}
      >
        {t.edit}
      </Button>
      {user.locked_until && (
        <Button
          size="large"
          icon={<UnlockOutlined aria-hidden />}
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
          icon={<DeleteOutlined aria-hidden />}
          aria-label={t.deleteOf(user.username)}
          onClick={() => onDelete(user)}
        >
          {t.delete}
        </Button>
      )}
    </span>
  );
}

/**
 * The user table: name, e-mail, role chip, last login, whether failed logins locked it, and the
 * buttons; 作成日 when there is room. On a phone each user is a card with the same facts.
 */
export function UserTable({ users, ...actions }: Props) {
  const columns: ScrollColumn<ManagedUser>[] = [
    {
      key: 'username',
      fitWidth: 130,
      title: t.columns.username,
      className: WRAP_CELL,
      render: (_, user) => <UserName user={user} selfId={actions.selfId} />,
    },
    { key: 'email', fitWidth: 170, title: t.columns.email, className: WRAP_CELL, dataIndex: 'email' },
    { key: 'role', fitWidth: 90, title: t.columns.role, render: (_, user) => <RoleTag user={user} /> },
    {
      key: 'created',
      fitWidth: 150,
      priority: 1,
      title: t.columns.createdAt,
      render: (_, user) => japanDateTime(user.created_at),
    },
    { key: 'lastLogin', fitWidth: 150, title: t.columns.lastLogin, render: (_, user) => lastLogin(user) },
    {
      key: 'state',
      fitWidth: 100,
      title: t.columns.state,
      className: WRAP_CELL,
      render: (_, user) => <StateTag user={user} />,
    },
    {
      key: 'actions',
      fitWidth: 220,
      className: STICKY_ACTIONS,
      title: t.columns.actions,
      render: (_, user) => <UserActions user={user} {...actions} />,
    },
  ];
  return (
    <ScrollTable<ManagedUser>
      rowKey="id"
      dataSource={users}
      pagination={false}
      label={t.list}
      empty={t.empty}
      columns={columns}
      cards={{
        below: USER_CARDS_BELOW,
        render: (user) => (
          <div className="scroll-card">
            <div className="scroll-card-text">
              <span>
                <UserName user={user} selfId={actions.selfId} /> <RoleTag user={user} /> <StateTag user={user} />
              </span>
              <span className="scroll-card-meta">{user.email}</span>
              <span className="scroll-card-meta">
                {t.columns.lastLogin}：{lastLogin(user)}
              </span>
            </div>
            <UserActions user={user} {...actions} />
          </div>
        ),
      }}
    />
  );
}

import { LockOutlined, LogoutOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { User } from '@clinic/sync-protocol';
import { personName } from '@clinic/sync-protocol';
import { Dropdown, type MenuProps } from 'antd';
import { Text } from '../../components/text';
import { ja } from '../../i18n/ja';
import { AvatarButton } from './avatar-button';

export type UserMenuActions = { onLogout: () => void; onLock: () => void; onSwitchUser: () => void };
export type UserMenuProps = UserMenuActions & { user: User; open: boolean; onOpenChange: (open: boolean) => void };

/** Spec 1: the avatar opens the user's name, e-mail and logout; and, to hand the tablet over, lock and switch. */
export function UserMenuDropdown({ user, onLogout, onLock, onSwitchUser, open, onOpenChange }: UserMenuProps) {
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'profile',
      label: (
        <div style={{ lineHeight: 1.5 }}>
          <Text strong>{personName(user)}</Text>
          <br />
          <Text type="secondary">{user.email}</Text>
        </div>
      ),
    },
    { type: 'divider' },
    { key: 'lock', icon: <LockOutlined aria-hidden />, label: ja.layout.lock, onClick: onLock },
    { key: 'switch', icon: <UserSwitchOutlined aria-hidden />, label: ja.layout.switchUser, onClick: onSwitchUser },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: ja.layout.logout, onClick: onLogout },
  ];
  return (
    <Dropdown
      menu={{ items }}
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      // Inside the top bar (the banner landmark), not at the end of <body> where no landmark holds it
      // (axe: region).
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
    >
      <AvatarButton user={user} />
    </Dropdown>
  );
}

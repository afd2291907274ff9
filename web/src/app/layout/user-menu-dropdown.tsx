import { LogoutOutlined } from '@ant-design/icons';
import type { User } from '@clinic/sync-protocol';
import { Dropdown, type MenuProps } from 'antd';
import { Text } from '../../components/text';
import { ja } from '../../i18n/ja';
import { AvatarButton } from './avatar-button';

export type UserMenuProps = { user: User; onLogout: () => void; open: boolean; onOpenChange: (open: boolean) => void };

/** Spec 1: the avatar opens the user's name, e-mail and logout. */
export function UserMenuDropdown({ user, onLogout, open, onOpenChange }: UserMenuProps) {
  const items: MenuProps['items'] = [
    {
      type: 'group',
      key: 'profile',
      label: (
        <div style={{ lineHeight: 1.5 }}>
          <Text strong>{user.username}</Text>
          <br />
          <Text type="secondary">{user.email}</Text>
        </div>
      ),
    },
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

import { LogoutOutlined } from '@ant-design/icons';
import type { User } from '@clinic/sync-protocol';
import { Button, type MenuProps } from 'antd';
// The components themselves: their `antd` exports also carry Avatar.Group and Dropdown.Button, unused here.
import Avatar from 'antd/es/avatar/Avatar';
import Dropdown from 'antd/es/dropdown/dropdown';
import { Text } from '../../components/text';
import { ja } from '../../i18n/ja';

type Props = { user: User; onLogout: () => void };

/** Spec 1: the avatar opens the user's name, e-mail and logout. */
export function UserMenu({ user, onLogout }: Props) {
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
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" shape="circle" size="large" aria-label={ja.layout.userMenu} style={{ padding: 0 }}>
        <Avatar style={{ background: '#0f766e' }}>{user.username.slice(0, 1).toUpperCase()}</Avatar>
      </Button>
    </Dropdown>
  );
}

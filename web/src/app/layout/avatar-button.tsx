import type { User } from '@clinic/sync-protocol';
import { personName } from '@clinic/sync-protocol';
import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { ja } from '../../i18n/ja';

/**
 * The user's initial in a teal circle, as a 48 px button. Drawn here rather than with antd's Avatar,
 * which measures its text after every render to fit it (a layout of the whole page on the first one).
 */
export function AvatarButton({ user, ...rest }: { user: User } & ButtonProps) {
  return (
    <Button type="text" shape="circle" size="large" aria-label={ja.layout.userMenu} style={{ padding: 0 }} {...rest}>
      <span
        aria-hidden
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 32,
          height: 32,
          borderRadius: '50%',
          background: '#0f766e',
          color: '#fff',
          fontSize: 16,
        }}
      >
        {[...personName(user)][0]?.toUpperCase()}
      </span>
    </Button>
  );
}

import type { User } from '@clinic/sync-protocol';
import { useState } from 'react';
import { onDemand } from '../../components/on-demand';
import { AvatarButton } from './avatar-button';
import type { UserMenuActions } from './user-menu-dropdown';

// antd's dropdown and menu load once the first screen is shown (or at a first tap before that); until
// then the same button stands there, and a tap on it opens the menu as soon as its code is in.
const dropdown = onDemand(
  () => import('./user-menu-dropdown').then((m) => m.UserMenuDropdown),
  ({ user, onOpenChange }) => (
    <AvatarButton
      user={user}
      onClick={() => {
        onOpenChange(true);
        void dropdown.preload().catch(() => undefined);
      }}
    />
  ),
);

type Props = UserMenuActions & { user: User };

/** Spec 1: the avatar opens the user's name, e-mail and logout (and ロックする, 別のユーザーに切り替え). */
export function UserMenu({ user, ...actions }: Props) {
  const [open, setOpen] = useState(false);
  return <dropdown.Component user={user} {...actions} open={open} onOpenChange={setOpen} />;
}

import { fetchUsers } from '../../api/users-api';
import { useOnlineQuery } from '../../online/use-online-query';
import { jaUsers } from '../../i18n/ja-users';

/** The server's users, read online (DESIGN "Data flow": an admin view); reread when the network returns. */
export function useUsers() {
  const { data, ...rest } = useOnlineQuery(['users'], fetchUsers, jaUsers.listFailed);
  return { users: data, ...rest };
}

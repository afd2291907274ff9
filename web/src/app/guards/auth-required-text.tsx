import { ja } from '../../i18n/ja';

/** What the notice says: the page needs a login, and the move there is under way. */
export function AuthRequiredText() {
  return (
    <>
      <div>{ja.auth.loginRequired}</div>
      <div>{ja.auth.redirecting}</div>
    </>
  );
}

import { Button, Input } from 'antd';
import { personName } from '@clinic/sync-protocol';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ja } from '../i18n/ja';
import { jaLock } from '../i18n/ja-lock';
import { loadAppSettings } from '../data/app-settings';
import { NeedsNetworkError, UnknownUserError, WrongPasswordError } from '../vault/keystore';
import { lockKeystore } from './lock-keystore';
import type { LockState, LockStore } from './lock-store';
import { MAX_UNLOCK_ATTEMPTS } from './lock-store';
import { WipeForm } from './wipe-form';
import './lock-screen.css';

const t = jaLock.lock;
type Locked = Extract<LockState, { kind: 'locked' }>;

/**
 * The cover (issue 25): who is signed in, their password, ロック解除 and 別のユーザーでサインイン. The
 * password is checked on the device (it must open the person's wrap of the data key), so it works
 * offline; PBKDF2 runs in WebCrypto off the main thread while the button spins.
 */
export function LockScreen({ store, state }: { store: LockStore; state: Locked }) {
  const titleId = useId();
  const passwordId = useId();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [wiping, setWiping] = useState(false);
  const title = state.reason === 'expired' ? t.expiredTitle : t.title;

  useEffect(() => {
    const before = document.title;
    document.title = `${title} | ${ja.app.name}`;
    return () => void (document.title = before);
  }, [title]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) return setError(t.passwordRequired);
    setBusy(true);
    setError(null);
    try {
      const { offlineSignInDays } = await loadAppSettings();
      const key = await lockKeystore.unlock(state.user.id, password, offlineSignInDays);
      await store.unlocked(key);
      void import('./reconnect').then((m) => m.reconnectWithPassword(state.user, password)).catch(() => undefined);
    } catch (failure) {
      setPassword('');
      if (failure instanceof WrongPasswordError) {
        if (store.wrongPassword()) return; // the fifth: the session ends and the login page loads
        const left = MAX_UNLOCK_ATTEMPTS - state.attempts - 1;
        setError(`${t.wrongPassword}。${t.attemptsLeft(left)}`);
      } else if (failure instanceof NeedsNetworkError) setError(jaLock.signIn.needsNetwork(failure.days));
      else setError(failure instanceof UnknownUserError ? t.unknownUser : t.wrongPassword);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lock-cover">
      <div className="lock-card" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <p className="lock-app-name">{ja.app.name}</p>
        <h1 id={titleId}>{title}</h1>
        <p>{t.signedIn(personName(state.user))}</p>
        {wiping ? (
          <WipeForm onCancel={() => setWiping(false)} onWiped={() => store.afterWipe()} />
        ) : (
          <>
            <form onSubmit={(e) => void submit(e)} noValidate style={{ display: 'contents' }}>
              <p>{t.hint}</p>
              {/* Who signs in, for the browser's password manager (and its accessibility check). */}
              <input type="text" name="username" autoComplete="username" value={state.user.username} readOnly hidden />
              <label htmlFor={passwordId}>{t.password}</label>
              <Input.Password
                id={passwordId}
                size="large"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- the lock is a dialog: focus belongs in its password field (WAI-ARIA dialog pattern)
                autoFocus
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                disabled={busy}
                aria-invalid={error !== null}
                aria-describedby={error ? errorId : undefined}
              />
              <div id={errorId} role="alert" className="lock-error">
                {error}
              </div>
              <Button type="primary" size="large" htmlType="submit" loading={busy} block>
                {busy ? t.unlocking : t.unlock}
              </Button>
            </form>
            <Button size="large" block disabled={busy} onClick={() => store.endOnDevice()}>
              {t.otherUser}
            </Button>
            <Button type="link" size="large" disabled={busy} onClick={() => setWiping(true)}>
              {jaLock.wipe.open}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

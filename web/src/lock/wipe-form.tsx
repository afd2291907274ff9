import { Button, Input } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { DANGER_BUTTON_CLASS, useConfirm } from '../components/confirm';
import { loadAppSettings } from '../data/app-settings';
import { localDb } from '../data/local-db';
import { jaLock } from '../i18n/ja-lock';
import { lockKeystore } from './lock-keystore';
import { wipeDevice } from './wipe-device';

const t = jaLock.wipe;
/** Above the lock's cover (3000). */
const CONFIRM_Z = 3100;

/**
 * An administrator wipes the device from the lock: their password is checked on the device (their
 * wrap of the key), then the shared confirmation says how many unsent changes are lost.
 */
export function WipeForm({ onCancel, onWiped }: { onCancel: () => void; onWiped: () => void }) {
  const idField = useId();
  const passwordField = useId();
  const [id, setId] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirm();

  const allowDialog = (allow: boolean) => {
    const host = document.querySelector('.lock-cover')?.parentElement;
    if (host) host.dataset.lockDialog = allow ? 'true' : '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const admin = await lockKeystore.findUser(id);
      if (admin.user.role !== 'admin') throw new Error('not an administrator');
      await lockKeystore.unlock(admin.userId, password, (await loadAppSettings()).offlineSignInDays);
    } catch {
      setBusy(false);
      setPassword('');
      return setError(t.notAdmin);
    }
    const pending = await localDb.outbox.count().catch(() => 0);
    setBusy(false);
    allowDialog(true);
    confirm({
      title: t.confirmTitle,
      content: (
        <>
          <p className="confirm-text">{pending > 0 ? t.confirmPending(pending) : t.confirmNoPending}</p>
          <p className="confirm-text">{t.confirmRest}</p>
        </>
      ),
      okText: t.confirmOk,
      danger: true,
      zIndex: CONFIRM_Z,
      onOk: async () => {
        await wipeDevice(() => localDb.close());
        onWiped();
      },
    });
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate style={{ display: 'contents' }}>
      <h2 style={{ margin: 0, fontSize: 18 }}>{t.title}</h2>
      <p>{t.explain}</p>
      <label htmlFor={idField}>{t.adminId}</label>
      <Input
        id={idField}
        size="large"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the form replaces the lock's content: focus moves into it
        autoFocus
        autoComplete="username"
        value={id}
        onChange={(e) => setId(e.target.value)}
      />
      <label htmlFor={passwordField}>{t.adminPassword}</label>
      <Input.Password
        id={passwordField}
        size="large"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div role="alert" className="lock-error">
        {error}
      </div>
      <Button type="primary" danger className={DANGER_BUTTON_CLASS} size="large" htmlType="submit" loading={busy} block>
        {t.submit}
      </Button>
      <Button size="large" block onClick={onCancel} disabled={busy}>
        {t.cancel}
      </Button>
    </form>
  );
}

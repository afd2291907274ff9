import type { User } from '@clinic/sync-protocol';
import { personName } from '@clinic/sync-protocol';
import { Button, Input, Modal } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { jaLock } from '../i18n/ja-lock';
import { reconnectWithPassword } from './reconnect';
import './lock-screen.css';

const t = jaLock.reconnect;

/** Asked once when the network returns and the server session cannot be resumed without the password. */
export function ReconnectPrompt({ user, onDone }: { user: User; onDone: () => void }) {
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password || busy) return setError(password ? null : jaLock.lock.passwordRequired);
    setBusy(true);
    const ok = await reconnectWithPassword(user, password);
    setBusy(false);
    if (ok) onDone();
    else {
      setPassword('');
      setError(jaLock.lock.wrongPassword);
    }
  };
  return (
    <Modal open title={t.title} footer={null} onCancel={onDone} maskClosable={false} destroyOnHidden>
      <form className="lock-prompt" onSubmit={(e) => void submit(e)} noValidate style={{ display: 'grid', gap: 12 }}>
        <p style={{ margin: 0 }}>{t.explain(personName(user))}</p>
        <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
        <label htmlFor={passwordId}>{jaLock.lock.password}</label>
        <Input.Password
          id={passwordId}
          size="large"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a one-field dialog: focus goes to its field
          autoFocus
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div role="alert" style={{ color: '#c62828' }}>
          {error}
        </div>
        <Button type="primary" size="large" htmlType="submit" loading={busy} block>
          {t.submit}
        </Button>
        <Button size="large" block onClick={onDone}>
          {t.later}
        </Button>
      </form>
    </Modal>
  );
}

import { type ManagedUser, createUserSchema, updateUserSchema } from '@clinic/sync-protocol';
import { Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api';
import { createUser, updateUser } from '../../api/users-api';
import { FormDialog } from '../../components/form-dialog';
import { jaUsers } from '../../i18n/ja-users';

const t = jaUsers;

type Values = { username: string; email: string; password: string; role: 'admin' | 'staff'; treats: boolean };

type Props = {
  /** The user to edit, or null for a new one. */
  user: ManagedUser | null;
  onClose: (saved: 'created' | 'updated' | null) => void;
};

const valuesOf = (user: ManagedUser | null): Values => ({
  username: user?.username ?? '',
  email: user?.email ?? '',
  password: '',
  role: user?.role ?? 'staff',
  treats: user?.treats ?? false,
});

/**
 * 新規ユーザー / ユーザーの編集 (spec 5 "User form"). Checked with the schemas the server uses; on edit only
 * what changed is sent, the password only when one is typed.
 */
export function UserFormDialog({ user, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const initial = valuesOf(user);

  const save = async () => {
    const values = form.getFieldsValue(true) as Values;
    if (!values.username.trim() || !values.email.trim()) return setError(t.required);
    const changed = user
      ? (Object.fromEntries(
          Object.entries(values).filter(([key, value]) => value !== initial[key as keyof Values]),
        ) as Partial<Values>)
      : values;
    const parsed = user ? updateUserSchema.safeParse(changed) : createUserSchema.safeParse(values);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? t.actionFailed);
    setSaving(true);
    setError(null);
    try {
      if (user) await updateUser(user.id, changed);
      else await createUser(values);
      onClose(user ? 'updated' : 'created');
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : t.actionFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      title={user ? t.editTitle : t.createTitle}
      form={form}
      initialValues={initial}
      onSave={() => void save()}
      onClose={() => onClose(null)}
      saving={saving}
      error={error}
    >
      <Form.Item name="username" label={t.fields.username} required>
        <Input size="large" autoComplete="off" />
      </Form.Item>
      <Form.Item name="email" label={t.fields.email} required>
        <Input size="large" type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t.fields.password}
        required={!user}
        extra={user ? t.passwordEditHelp : t.passwordHelp}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="role" label={t.fields.role}>
        <Select
          size="large"
          options={(['staff', 'admin'] as const).map((role) => ({ value: role, label: t.roles[role] }))}
        />
      </Form.Item>
      <Form.Item name="treats" valuePropName="checked" extra={t.treatsHelp}>
        <Checkbox>{t.fields.treats}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}

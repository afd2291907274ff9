import {
  DISPLAY_NAME_MAX,
  USERNAME_PATTERN,
  type ManagedUser,
  createUserSchema,
  updateUserSchema,
} from '@clinic/sync-protocol';
import { Checkbox, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api';
import { createUser, updateUser } from '../../api/users-api';
import { FormDialog } from '../../components/form-dialog';
import { jaUsers } from '../../i18n/ja-users';

const t = jaUsers;

type Values = {
  username: string;
  display_name: string;
  email: string;
  password: string;
  role: 'admin' | 'staff';
  treats: boolean;
};

type Props = {
  /** The user to edit, or null for a new one. */
  user: ManagedUser | null;
  onClose: (saved: 'created' | 'updated' | null) => void;
};

/** The spec's user-name rule, told under the field while typing; an empty field waits for 保存 (必須). */
function usernameRule(value: string | undefined): Promise<void> {
  const v = (value ?? '').trim();
  return v === '' || USERNAME_PATTERN.test(v) ? Promise.resolve() : Promise.reject(new Error(t.usernameInvalid));
}

const valuesOf = (user: ManagedUser | null): Values => ({
  username: user?.username ?? '',
  display_name: user?.display_name ?? '',
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
    // The user name's rule is told under its field (as one types); 保存 shows it there too, not above.
    const fieldsOk = await form.validateFields(['username']).then(
      () => true,
      () => false,
    );
    const typed = form.getFieldsValue(true) as Values;
    // No display name typed on a new user: none is sent, and the user name is shown.
    const values = (
      !user && !typed.display_name.trim() ? (({ display_name: _none, ...rest }) => rest)(typed) : typed
    ) as Values;
    if (!values.username.trim() || !values.email.trim()) return setError(t.required);
    if (!fieldsOk) return setError(null);
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
      <Form.Item
        name="username"
        label={t.fields.username}
        required
        extra={t.usernameHelp}
        validateTrigger="onChange"
        rules={[{ validator: (_rule, value: string) => usernameRule(value) }]}
      >
        <Input size="large" autoComplete="off" />
      </Form.Item>
      <Form.Item name="display_name" label={t.fields.displayName} extra={t.displayNameHelp}>
        <Input size="large" autoComplete="off" maxLength={DISPLAY_NAME_MAX} />
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

import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { ja } from '../../i18n/ja';
import { loginIdError, passwordError, type LoginFormValues } from './login-validation';

type Props = {
  pending: boolean;
  error: string | null;
  onSubmit: (values: LoginFormValues) => void;
};

const t = ja.login;

const rule = (check: (v: string | undefined) => string | null) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const message = check(value);
    if (message) throw new Error(message);
  },
});

export function LoginForm({ pending, error, onSubmit }: Props) {
  return (
    <Form<LoginFormValues> layout="vertical" size="large" requiredMark={false} onFinish={onSubmit} disabled={pending}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label={t.idLabel} name="identifier" rules={[rule(loginIdError)]} validateTrigger="onBlur">
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </Form.Item>
      <Form.Item label={t.passwordLabel} name="password" rules={[rule(passwordError)]} validateTrigger="onBlur">
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={pending} disabled={pending}>
          {pending ? t.submitting : t.submit}
        </Button>
      </Form.Item>
    </Form>
  );
}

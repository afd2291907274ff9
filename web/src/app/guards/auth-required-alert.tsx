import { Alert } from 'antd';
import { ja } from '../../i18n/ja';
import { AuthRequiredText } from './auth-required-text';

/** The notice in antd's warning style, once its code is there. */
export function AuthRequiredAlert() {
  return (
    <Alert
      type="warning"
      showIcon
      title={ja.auth.loginRequiredTitle}
      description={<AuthRequiredText />}
      style={{ maxWidth: 420, width: '100%' }}
    />
  );
}

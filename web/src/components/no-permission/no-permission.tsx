import { ROLE_LABELS, type Role } from '@clinic/sync-protocol';
import { Button, Result, Typography } from 'antd';
import { ja } from '../../i18n/ja';

type Props = { requiredRole: Role; currentRole: Role; onBack: () => void };

const t = ja.noPermission;

/**
 * Spec 2/6: a wrong role sees which role the page needs and which one the user has; an admin page
 * says 管理者権限が必要です。このページにアクセスする権限がありません。
 */
export function NoPermission({ requiredRole, currentRole, onBack }: Props) {
  return (
    <Result
      status="403"
      title={
        <Typography.Title level={2} style={{ margin: 0 }}>
          {requiredRole === 'admin' ? t.adminHeading : t.heading}
        </Typography.Title>
      }
      subTitle={
        <>
          <Typography.Paragraph>{t.text}</Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t.required(ROLE_LABELS[requiredRole])}
          </Typography.Paragraph>
          <Typography.Paragraph>{t.current(ROLE_LABELS[currentRole])}</Typography.Paragraph>
        </>
      }
      extra={
        <Button type="primary" onClick={onBack}>
          {t.back}
        </Button>
      }
    />
  );
}

import { ToolOutlined } from '@ant-design/icons';
import { Card, Result, Typography } from 'antd';
import { useSession } from '../../auth/use-session';
import { ja } from '../../i18n/ja';

const t = ja.dashboard;

/** The greeting is real; counts, status and activity follow with the data layer. */
export default function DashboardPage() {
  const session = useSession();
  return (
    <>
      {session && (
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {t.greeting(session.user.username)}
        </Typography.Title>
      )}
      <Card>
        <Result
          icon={<ToolOutlined aria-hidden style={{ color: '#0f766e' }} />}
          title={<Typography.Text strong style={{ fontSize: 20 }}>{t.notReady}</Typography.Text>}
          subTitle={t.description}
        />
      </Card>
    </>
  );
}

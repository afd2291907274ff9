import { ToolOutlined } from '@ant-design/icons';
import { Card, Flex, Result, Typography } from 'antd';
import { useSession } from '../../auth/use-session';
import { ja } from '../../i18n/ja';

const t = ja.dashboard;

/** The greeting is real; counts, status and activity follow with the data layer. */
export default function DashboardPage() {
  const session = useSession();
  return (
    <Flex vertical gap={16}>
      {session && (
        // The user record has no display name, so the user name stands in. A phone wraps only between
        // phrases (after 、), never inside お疲れさまです or the name, unless the name alone is too long.
        <Typography.Paragraph strong style={{ margin: 0, fontSize: 18, wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
          {t.greeting(session.user.username)}
        </Typography.Paragraph>
      )}
      <Card>
        <Result
          icon={<ToolOutlined aria-hidden style={{ color: '#0f766e' }} />}
          title={
            <Typography.Title level={2} style={{ margin: 0 }}>
              {t.notReady}
            </Typography.Title>
          }
          subTitle={t.description}
        />
      </Card>
    </Flex>
  );
}

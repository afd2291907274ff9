import { ToolOutlined } from '@ant-design/icons';
import { Card, Result, Typography } from 'antd';
import { ja } from '../../i18n/ja';

type Props = { purpose: string };

/**
 * An honest stand-in for a screen that is not built yet: says so, and what it will do. The top bar's h1
 * already names the page. The dashboard's stand-in card looks the same.
 */
export default function PlaceholderPage({ purpose }: Props) {
  return (
    <Card>
      <Result
        icon={<ToolOutlined aria-hidden style={{ color: '#0f766e' }} />}
        title={
          <Typography.Title level={2} style={{ margin: 0 }}>
            {ja.placeholder.notReady}
          </Typography.Title>
        }
        subTitle={purpose}
      />
    </Card>
  );
}

import { ToolOutlined } from '@ant-design/icons';
import { Result, Typography } from 'antd';
import { ja } from '../../i18n/ja';

type Props = { title: string; purpose: string };

/** An honest stand-in for a screen that is not built yet: says so, and what it will do. */
export default function PlaceholderPage({ title, purpose }: Props) {
  return (
    <Result
      icon={<ToolOutlined aria-hidden style={{ color: '#0f766e' }} />}
      title={
        <Typography.Title level={2} style={{ margin: 0 }}>
          {ja.placeholder.notReady}
        </Typography.Title>
      }
      subTitle={
        <>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {title}
          </Typography.Paragraph>
          <Typography.Paragraph>{purpose}</Typography.Paragraph>
        </>
      }
    />
  );
}

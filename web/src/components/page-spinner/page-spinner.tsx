import { Spin } from 'antd';
import { ja } from '../../i18n/ja';

/** Shown while a screen's code loads; small so it can live in the first bundle. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      role="status"
      aria-label={ja.app.loading}
      style={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        padding: 48,
        minHeight: fullScreen ? '100vh' : 240,
      }}
    >
      <Spin size="large" />
    </div>
  );
}

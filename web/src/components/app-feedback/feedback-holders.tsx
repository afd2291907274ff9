import { App, type AppProps } from 'antd';
import { useEffect } from 'react';
import type { AppApis } from './light-app';

type Props = Pick<AppProps, 'message' | 'notification'> & { onReady: (apis: AppApis | null) => void };

function Report({ onReady }: Pick<Props, 'onReady'>) {
  const apis = App.useApp();
  useEffect(() => {
    onReady(apis);
    return () => onReady(null);
  }, [apis, onReady]);
  return null;
}

/** antd's <App> without an element of its own: what draws its message, notification and modal APIs, loaded on first use. */
export function FeedbackHolders({ message, notification, onReady }: Props) {
  return (
    <App component={false} message={message} notification={notification}>
      <Report onReady={onReady} />
    </App>
  );
}

import type { AppConfig, useAppProps } from 'antd/es/app/context';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect, useMemo } from 'react';

type Props = AppConfig & { onReady: (apis: useAppProps | null) => void };

/** What antd's <App> renders for its message, notification and modal APIs, loaded on first use (light-app.tsx). */
export function FeedbackHolders({ message, notification, onReady }: Props) {
  const [messageApi, messageHolder] = useMessage(message);
  const [notificationApi, notificationHolder] = useNotification(notification);
  const [modalApi, modalHolder] = useModal();
  const apis = useMemo(() => ({ message: messageApi, notification: notificationApi, modal: modalApi }), [messageApi, notificationApi, modalApi]);
  useEffect(() => {
    onReady(apis);
    return () => onReady(null);
  }, [apis, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}

import { Alert, Button } from 'antd';
import { jaSession } from '../../i18n/ja-session';

type Props = { title: string; action: string; onAction: () => void; onDismiss: () => void };

/**
 * What was just saved, and the appointment's next step one tap away (施術前アンケートへ after a visit,
 * 施術後アンケートへ after a pre-survey). Closing it leaves the person where they are.
 */
export function NextStepOffer({ title, action, onAction, onDismiss }: Props) {
  return (
    <Alert
      type="success"
      showIcon
      title={title}
      closable={{ 'aria-label': jaSession.next.dismiss }}
      onClose={onDismiss}
      action={
        <Button size="large" type="primary" onClick={onAction}>
          {action}
        </Button>
      }
    />
  );
}

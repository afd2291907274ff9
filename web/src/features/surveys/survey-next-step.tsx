import { Alert, Button } from 'antd';
import { jaSession } from '../../i18n/ja-session';

const t = jaSession.next;

/**
 * After a 施術前 survey is saved: 施術後アンケートへ, for the same patient and visit (the next step of the
 * appointment). カルテに戻る stays beside the patient, where every screen has it.
 */
export function SurveyNextStep({ onPost, onDismiss }: { onPost: () => void; onDismiss: () => void }) {
  return (
    <Alert
      type="success"
      showIcon
      title={t.preSaved}
      closable={{ 'aria-label': t.dismiss }}
      onClose={onDismiss}
      action={
        <Button size="large" type="primary" onClick={onPost}>
          {t.toPost}
        </Button>
      }
    />
  );
}

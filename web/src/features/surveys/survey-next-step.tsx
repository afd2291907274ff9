import { NextStepOffer } from '../../components/current-patient';
import { jaSession } from '../../i18n/ja-session';

const t = jaSession.next;

/**
 * After a 施術前 survey is saved: 施術後アンケートへ, for the same patient and visit (the next step of the
 * appointment). カルテに戻る stays beside the patient, where every screen has it.
 */
export function SurveyNextStep({ onPost, onDismiss }: { onPost: () => void; onDismiss: () => void }) {
  return <NextStepOffer title={t.preSaved} action={t.toPost} onAction={onPost} onDismiss={onDismiss} />;
}

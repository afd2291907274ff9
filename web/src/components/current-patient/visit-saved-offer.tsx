import { useLocation, useNavigate } from 'react-router-dom';
import { jaSession } from '../../i18n/ja-session';
import { prefixFor } from '../../routing/pages';
import type { PatientHandoff } from './handoff';
import { NextStepOffer } from './next-step-offer';
import { useCurrentPatient } from './use-current-patient';

const t = jaSession.next;

type Props = {
  visitId: string;
  customerId: string;
  /** Where the survey screen leads back to (the chart), if anywhere. */
  returnTo?: string | null;
  onDismiss: () => void;
};

/**
 * After a visit is recorded: 施術前アンケートへ, opening the survey for this patient and this visit (the
 * patient becomes the session's current one).
 */
export function VisitSavedOffer({ visitId, customerId, returnTo = null, onDismiss }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { choose } = useCurrentPatient();
  const toPre = () => {
    choose(customerId);
    const state: PatientHandoff = { returnTo, visitId, surveyType: 'pre', newRecord: false };
    void navigate(`${prefixFor(pathname)}/surveys`, { state });
  };
  return <NextStepOffer title={t.visitSaved} action={t.toPre} onAction={toPre} onDismiss={onDismiss} />;
}

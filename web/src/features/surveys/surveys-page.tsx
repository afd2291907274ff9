import { type AnswerValue, SURVEY_TYPE_LABELS, type SurveyType, japanDateTime } from '@clinic/sync-protocol';
import { CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useConfirm } from '../../components/confirm';
import { useCurrentPatient, useHandoff } from '../../components/current-patient';
import { NoRestoreForm } from '../../components/no-form-restore';
import { useToast } from '../../components/toast';
import type { LocalSurvey } from '../../data/clinic-db';
import { keptValues, useDraft } from '../../drafts/use-draft';
import { ja } from '../../i18n/ja';
import { useCustomerSurveys, useCustomerVisits } from '../../data';
import { questionCardId } from './question-card';
import { SavedSurveys } from './saved-surveys';
import { SurveyNextStep } from './survey-next-step';
import { type SurveyFormState, hasUnsavedAnswers, surveyFormFor } from './survey-form-state';
import { type SurveyProblems, surveyProblems } from './survey-problems';
import { SurveyQuestions } from './survey-questions';
import { SURVEY_CUSTOMER_ID, SurveyTarget } from './survey-target';
import { useSaveSurvey } from './use-save-survey';
import { useSurveyForm } from './use-survey-form';
import './surveys-page.css';

const t = ja.surveys;
const NONE: readonly never[] = [];
// antd's own alert icons name themselves in English ("close-circle"); these are hidden from screen readers.
const infoIcon = <InfoCircleFilled aria-hidden />;
const errorIcon = <CloseCircleFilled aria-hidden />;
/** The answers being given, as a draft kept for their owner (drafts/): one survey form per screen. */
const SURVEY_DRAFT = { form: 'survey', recordId: null };

/** Brings the first problem into view and puts the focus on it: the customer, else the first unanswered card. */
function showFirstProblem(problems: SurveyProblems) {
  const firstMissing = problems.missing[0];
  const card = firstMissing === undefined ? null : document.getElementById(questionCardId(firstMissing));
  const target = problems.customer
    ? document.getElementById(SURVEY_CUSTOMER_ID)
    : card?.querySelector<HTMLElement>('input, textarea');
  (problems.customer ? target : card)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  target?.focus({ preventScroll: true });
}

/**
 * アンケート (spec 2, 5): choose the customer and 施術前 / 施術後, let the patient answer on the tablet,
 * save on this device (offline too). Below, the customer's saved surveys, each open to correction.
 */
export default function SurveysPage() {
  const patient = useCurrentPatient();
  const handoff = useHandoff();
  // The session's patient, and what the chart handed over (施術前 / 施術後, today's visit); or the answers
  // their owner was giving when the session passed to someone else, given back (drafts/).
  const { state, dispatch, check, problems } = useSurveyForm(
    () =>
      (keptValues(SURVEY_DRAFT) as SurveyFormState | undefined) ??
      surveyFormFor(patient.customerId, handoff.surveyType ?? 'pre', handoff.visitId),
  );
  const choosePatient = patient.choose;
  const draft = useDraft(
    SURVEY_DRAFT,
    () => (hasUnsavedAnswers(state) ? state : undefined),
    (kept) => {
      choosePatient((kept as SurveyFormState).customerId);
      dispatch({ kind: 'restore', state: kept as SurveyFormState });
    },
  );
  const restored = draft.restored as SurveyFormState | undefined;
  useEffect(() => {
    if (restored) choosePatient(restored.customerId);
  }, [restored, choosePatient]);
  /** The type just saved: the screen offers the next step (施術後 after 施術前, the chart after 施術後). */
  const [justSaved, setJustSaved] = useState<SurveyType | null>(null);
  const save = useSaveSurvey();
  const toast = useToast();
  const confirm = useConfirm();
  const top = useRef<HTMLFormElement>(null);
  const visits = useCustomerVisits(state.customerId);
  const surveys = useCustomerSurveys(state.customerId);
  const visitList = visits.loaded ? (visits.data ?? NONE) : null;
  const surveyList = surveys.loaded ? (surveys.data ?? NONE) : null;
  const visitDates = useMemo(() => new Map((visitList ?? []).map((v) => [v.id, v.date])), [visitList]);
  const { correction } = state;
  const unsaved = hasUnsavedAnswers(state);

  // Stable callbacks: answering a question re-renders its card, not the pickers or the saved list.
  const onAnswer = useCallback(
    (key: string, value: AnswerValue | undefined) => dispatch({ kind: 'answer', key, value }),
    [dispatch],
  );
  const onCustomer = useCallback(
    (customerId: string | null) => {
      setJustSaved(null);
      dispatch({ kind: 'customer', customerId });
    },
    [dispatch],
  );
  const onVisit = useCallback((visitId: string | null) => dispatch({ kind: 'visit', visitId }), [dispatch]);

  /** Runs `discard` at once when nothing would be lost, else after the person agrees (キャンセル has the focus). */
  const askBeforeDiscarding = useCallback(
    (content: string, okText: string, discard: () => void) => {
      if (!unsaved) discard();
      else confirm({ title: t.discard.title, content, okText, danger: true, onOk: discard });
    },
    [unsaved, confirm],
  );
  const onType = useCallback(
    (type: SurveyType) =>
      askBeforeDiscarding(t.discard.switchType(SURVEY_TYPE_LABELS[type]), t.discard.switchOk, () => {
        setJustSaved(null);
        dispatch({ kind: 'type', type });
      }),
    [askBeforeDiscarding, dispatch],
  );
  const onClear = () =>
    askBeforeDiscarding(t.discard.clear, t.discard.clearOk, () => {
      dispatch({ kind: 'clear' });
      draft.drop();
    });
  const onCorrect = useCallback(
    (survey: LocalSurvey) =>
      askBeforeDiscarding(t.discard.correct, t.discard.correctOk, () => {
        const { id, customerId, type, answers, visitId, createdAt } = survey;
        dispatch({ kind: 'correct', correction: { id, customerId, type, answers, visitId, createdAt } });
        top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      }),
    [askBeforeDiscarding, dispatch],
  );

  const onSave = async () => {
    if (state.customerId === null || !check.ok) {
      dispatch({ kind: 'attempt' });
      showFirstProblem(surveyProblems(state, check));
      return;
    }
    try {
      const result = await save({
        customerId: state.customerId,
        type: state.type,
        visitId: state.visitId,
        answers: check.answers,
        correction,
      });
      if (!result) return;
      if (result.outcome === 'unchanged') {
        toast.info(t.unchanged);
        return;
      }
      toast.success(result.outcome === 'submitted' ? t.saved(SURVEY_TYPE_LABELS[state.type], result.count) : t.updated);
      dispatch({ kind: 'saved' });
      draft.drop();
      setJustSaved(result.outcome === 'submitted' ? state.type : null);
      top.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    } catch (e) {
      toast.error(t.saveFailed(e instanceof Error ? e.message : ja.api.messages.unexpected));
    }
  };

  return (
    // A form the browser does not save: the answers stay out of its session files (no-form-restore).
    <NoRestoreForm className="surveys-page" ref={top}>
      {correction && (
        <Alert
          type="info"
          showIcon
          icon={infoIcon}
          title={t.correcting(
            SURVEY_TYPE_LABELS[correction.type],
            japanDateTime(correction.createdAt, { dateSeparator: '/' }),
          )}
          action={
            <Button size="large" onClick={onClear}>
              {t.stopCorrecting}
            </Button>
          }
        />
      )}
      {justSaved === 'pre' && <SurveyNextStep onPost={() => onType('post')} onDismiss={() => setJustSaved(null)} />}
      <SurveyTarget
        customerId={state.customerId}
        type={state.type}
        visitId={state.visitId}
        visits={visitList}
        customerError={problems.customer}
        locked={correction !== null}
        onCustomer={onCustomer}
        onType={onType}
        onVisit={onVisit}
      />
      {problems.answers && <Alert type="error" showIcon icon={errorIcon} role="alert" title={problems.answers} />}
      <SurveyQuestions type={state.type} answers={state.answers} missing={problems.missing} onAnswer={onAnswer} />
      <div className="survey-actions">
        <Button size="large" onClick={onClear}>
          {t.clear}
        </Button>
        <Button size="large" type="primary" onClick={() => void onSave()}>
          {t.save}
        </Button>
      </div>
      <SavedSurveys
        customerId={state.customerId}
        surveys={surveyList}
        visitDates={visitDates}
        correctingId={correction?.id ?? null}
        onCorrect={onCorrect}
      />
    </NoRestoreForm>
  );
}

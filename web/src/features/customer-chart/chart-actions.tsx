import {
  CameraOutlined,
  CalendarOutlined,
  EditOutlined,
  FormOutlined,
  MedicineBoxOutlined,
  SmileOutlined,
} from '@ant-design/icons';
import { todayInJapan } from '@clinic/sync-protocol/rules';
import { Button } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate, useLocation } from 'react-router-dom';
import { japanTimeOfDay } from '@clinic/sync-protocol/rules';
import { useConfirm } from '../../components/confirm';
import { todayVisitOf } from '../../components/current-patient/today-visit';
import { VisitSavedOffer } from '../../components/current-patient/visit-saved-offer';
import { mutateAsCurrentUser, useCustomerAppointments, useCustomerVisits } from '../../data';
import { useReopenDraft } from '../../drafts/use-reopen-draft';
import type { LocalCustomer } from '../../data/clinic-db';
import { jaSession } from '../../i18n/ja-session';
import { prefixFor } from '../../routing/pages';
import type { ChartDialogs } from './chart-dialogs';
import { nextStep } from './today-steps';
import { TodayTimeline, useTodaySteps } from './today-timeline';
import { type ChartTarget, useOpenFromChart } from './use-chart-navigation';

const t = jaSession.actions;

type Props = { customer: LocalCustomer; dialogs: ChartDialogs | null };
type Open = 'visit' | 'edit' | null;

function Action({
  icon,
  onClick,
  primary,
  label,
  children,
}: {
  icon: ReactNode;
  onClick: () => void;
  primary?: boolean;
  label?: string;
  children: string;
}) {
  return (
    <Button
      size="large"
      type={primary ? 'primary' : 'default'}
      icon={icon}
      aria-label={label}
      onClick={onClick}
      className="chart-action"
    >
      {children}
    </Button>
  );
}

/**
 * 本日の施術: today's steps and the buttons that record them for this patient, each opening with the
 * patient (and today's visit) already chosen. The visit and the patient's own details open here.
 */
export function ChartActions({ customer, dialogs }: Props) {
  const open = useOpenFromChart();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visits = useCustomerVisits(customer.id).data ?? [];
  const todayVisit = todayVisitOf(visits);
  // Today's appointment not yet recorded as a visit (来院済み first): 来院を記録 takes its menu and 施術者.
  const appointment = (useCustomerAppointments(customer.id).data ?? [])
    .filter((a) => a.date === todayInJapan() && !a.visitId && (a.status === 'visited' || a.status === 'booked'))
    .sort((a, b) => Number(b.status === 'visited') - Number(a.status === 'visited'))[0];
  const { today, steps } = useTodaySteps(customer.id);
  // The next open step is the highlighted button; with every step done, none is (issue 38).
  const next = nextStep(steps);
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<Open>(null);
  const [savedVisit, setSavedVisit] = useState<string | null>(null);
  // A form left open here when the session passed to someone else, given back to its owner (drafts/).
  const reopenVisit = useCallback((id: string | null) => {
    if (id === null) setDialog('visit');
  }, []);
  const reopenEdit = useCallback(
    (id: string | null) => {
      if (id === customer.id) setDialog('edit');
    },
    [customer.id],
  );
  useReopenDraft('visit', reopenVisit);
  useReopenDraft('customer', reopenEdit);
  const go = (target: ChartTarget, extra: { surveyType?: 'pre' | 'post'; newRecord?: boolean } = {}) =>
    open(target, {
      visitId: todayVisit?.id ?? null,
      surveyType: extra.surveyType ?? null,
      newRecord: extra.newRecord ?? false,
    });

  // A second visit the same day is rare (a return after a break): asked first, so a tap on a done step
  // does not open a blank second visit without a word.
  const recordVisit = () => {
    if (!todayVisit) return setDialog('visit');
    confirm({
      title: jaSession.secondVisit.title,
      content: jaSession.secondVisit.content(japanTimeOfDay(todayVisit.createdAt)),
      okText: jaSession.secondVisit.ok,
      onOk: () => setDialog('visit'),
    });
  };

  return (
    <section className="chart-actions-card chart-no-print" aria-label={t.title}>
      <TodayTimeline today={today} steps={steps} />
      {savedVisit && (
        <VisitSavedOffer
          visitId={savedVisit}
          customerId={customer.id}
          returnTo={pathname}
          onDismiss={() => setSavedVisit(null)}
        />
      )}
      <div className="chart-actions">
        <Action primary={next === 'visit'} icon={<CalendarOutlined aria-hidden />} onClick={recordVisit}>
          {t.recordVisit}
        </Action>
        <Action
          primary={next === 'pre'}
          icon={<FormOutlined aria-hidden />}
          onClick={() => go('/surveys', { surveyType: 'pre' })}
        >
          {t.preSurvey}
        </Action>
        <Action
          primary={next === 'diagnosis'}
          icon={<MedicineBoxOutlined aria-hidden />}
          onClick={() => go('/diagnosis', { newRecord: true })}
        >
          {t.diagnosis}
        </Action>
        <Action
          primary={next === 'post'}
          icon={<FormOutlined aria-hidden />}
          onClick={() => go('/surveys', { surveyType: 'post' })}
        >
          {t.postSurvey}
        </Action>
        <Action primary={next === 'media'} icon={<CameraOutlined aria-hidden />} onClick={() => go('/camera')}>
          {t.camera}
        </Action>
        <Action icon={<SmileOutlined aria-hidden />} onClick={() => go('/face-analysis')}>
          {t.faceAnalysis}
        </Action>
        <Action
          icon={<EditOutlined aria-hidden />}
          label={t.editLabel(customer.name)}
          onClick={() => setDialog('edit')}
        >
          {t.edit}
        </Action>
      </div>
      {dialogs && dialog === 'visit' && (
        <dialogs.RecordVisit
          customerId={customer.id}
          from={appointment ?? null}
          onClose={(visitId) => {
            setDialog(null);
            setSavedVisit(visitId);
            // The appointment knows its visit, and that the patient came.
            if (visitId && appointment)
              void mutateAsCurrentUser('appointment.update', {
                id: appointment.id,
                patch: { visitId, status: 'visited' },
                base: { visitId: appointment.visitId, status: appointment.status },
                // The visit is stored either way; a link that could not be written leaves the appointment as it was.
              }).catch(() => undefined);
          }}
        />
      )}
      {dialogs && dialog === 'edit' && (
        <dialogs.EditCustomer
          customer={customer}
          onClose={() => setDialog(null)}
          onOpenExisting={(other) => {
            setDialog(null);
            void navigate(`${prefixFor(pathname)}/customers/${other.id}`);
          }}
        />
      )}
    </section>
  );
}

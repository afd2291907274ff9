import { Button } from 'antd';
import { timeRange, todayInJapan } from '@clinic/sync-protocol/rules';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../auth';
import { useConfirm } from '../../components/confirm';
import { StatusTag } from '../../components/status-tag';
import { useToast } from '../../components/toast';
import { mutateAsCurrentUser } from '../../data';
import type { LocalAppointment } from '../../data/clinic-db';
import { useCustomerAppointments, useCustomerVisits } from '../../data/live';
import { ja } from '../../i18n/ja';
import { jaAppointments } from '../../i18n/ja-appointments';
import { prefixFor } from '../../routing/pages';
import { nextBooking, splitAppointments } from './appointment-history';
import { Fact, SectionBody, UnsyncedTag } from './chart-parts';
import { ChartSection, type ChartSectionProps } from './chart-section';

const t = jaAppointments.chart;
const statuses = jaAppointments.statuses;
const TONES = { booked: 'info', visited: 'ok', cancelled: 'neutral', noShow: 'error' } as const;

function AppointmentItem({ appointment: a }: { appointment: LocalAppointment }) {
  const { pathname } = useLocation();
  return (
    <li className="chart-item">
      <div className="chart-item-head">
        <strong>
          {a.date} {timeRange(a.start, a.minutes)}
        </strong>
        <StatusTag tone={TONES[a.status]}>{statuses[a.status]}</StatusTag>
        {a.pending === 1 && <UnsyncedTag />}
      </div>
      <dl className="chart-facts">
        <Fact label={jaAppointments.form.labels.staffName}>{a.staffName}</Fact>
        {a.serviceMenu && <Fact label={jaAppointments.form.labels.serviceMenu}>{a.serviceMenu}</Fact>}
      </dl>
      <Link className="chart-appt-link" to={`${prefixFor(pathname)}/appointments?date=${a.date}`}>
        {t.openBook}
      </Link>
    </li>
  );
}

/**
 * 予約: the patient's next appointment, 次回予約 in two taps (the same 施術者 and menu, a week later), and
 * the past ones with how often they were cancelled or missed. From the device, offline too.
 */
export function AppointmentsSection({ customerId }: ChartSectionProps) {
  const { loaded, data: all = [] } = useCustomerAppointments(customerId);
  const visits = useCustomerVisits(customerId).data ?? [];
  const me = useSession()?.user.username ?? '';
  const confirm = useConfirm();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const today = todayInJapan();
  const { next, past, cancelled, noShow } = splitAppointments(all, today);
  const proposal = nextBooking(all, visits, today, me);

  const bookNext = () =>
    confirm({
      title: t.bookNext,
      content: (
        <>
          <p>{t.bookNextConfirm(proposal.date, proposal.start, proposal.staffName, proposal.serviceMenu)}</p>
          <p>{t.bookNextHint}</p>
        </>
      ),
      okText: t.book,
      onOk: async () => {
        setSaving(true);
        try {
          await mutateAsCurrentUser('appointment.create', { id: crypto.randomUUID(), customerId, ...proposal });
          toast.success(t.booked(proposal.date, proposal.start));
        } catch (e) {
          toast.error(e instanceof Error ? e.message : ja.api.messages.unexpected);
        } finally {
          setSaving(false);
        }
      },
    });

  return (
    <ChartSection
      title={t.heading}
      extra={
        <Button size="large" type="primary" onClick={bookNext} loading={saving} disabled={!proposal.staffName}>
          {t.bookNext}
        </Button>
      }
    >
      <SectionBody loaded={loaded} empty={null}>
        <h4 className="chart-subheading">{t.next}</h4>
        {next.length ? (
          <ul className="chart-list">
            {next.map((a) => (
              <AppointmentItem key={a.id} appointment={a} />
            ))}
          </ul>
        ) : (
          <p>{t.none}</p>
        )}
        {past.length > 0 && (
          <>
            <h4 className="chart-subheading">
              {t.past}（{t.counts(cancelled, noShow)}）
            </h4>
            <ul className="chart-list">
              {past.map((a) => (
                <AppointmentItem key={a.id} appointment={a} />
              ))}
            </ul>
          </>
        )}
      </SectionBody>
    </ChartSection>
  );
}

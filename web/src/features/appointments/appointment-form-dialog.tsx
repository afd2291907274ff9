import { APPOINTMENT_STATUSES, type AppointmentFields } from '@clinic/sync-protocol';
import { hoursOf, withinHours, type ClinicHours } from '@clinic/sync-protocol/rules';
import { AutoComplete, Button, Form, Input, InputNumber, Select, type FormInstance, type FormRule } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { CustomerField } from '../../components/customer-picker';
import { FORM_DIALOG_FULL_ROW, FormDialog } from '../../components/form-dialog';
import { useUsedMenus, useUsualMinutes, type AppointmentView } from '../../data/live';
import { ja } from '../../i18n/ja';
import { jaAppointments } from '../../i18n/ja-appointments';
import {
  type AppointmentFormValues,
  type NewAppointmentDefaults,
  FORM_FIELDS,
  fieldError,
  formErrors,
  formValuesOf,
  toFields,
} from './appointment-form-values';
import { isFree } from './day-layout';
import { type NewPatient, type SaveOutcome, useSaveAppointment } from './use-save-appointment';
import { statusLabel } from './appointment-words';

const t = jaAppointments.form;
type FormField = (typeof FORM_FIELDS)[number];

const rules = (field: FormField): FormRule[] => [
  {
    validator: (_, value: unknown) => {
      const message = fieldError(field, value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  },
];

export type DialogActions = {
  onMove: (a: AppointmentView) => void;
  onStatus: (a: AppointmentView, status: AppointmentFields['status']) => void;
};

type Props = {
  appointment: AppointmentView | null;
  defaults: NewAppointmentDefaults;
  practitioners: readonly string[];
  hours: ClinicHours;
  day: readonly AppointmentView[];
  actions: DialogActions;
  onClose: (outcome: SaveOutcome | null) => void;
};

/** 予約を追加 / 予約, on the shared FormDialog; keyed by appointment (antd reads initial values once). */
export function AppointmentFormDialog(props: Props) {
  return <AppointmentForm key={props.appointment?.id ?? 'new'} {...props} />;
}

function AppointmentForm({ appointment, defaults, practitioners, hours, day, actions, onClose }: Props) {
  const [form] = Form.useForm<AppointmentFormValues>();
  const [initialValues] = useState(() => formValuesOf(appointment, defaults));
  const [error, setError] = useState<string | null>(null);
  const [patient, setPatient] = useState<NewPatient | null>(null);
  const { save, saving } = useSaveAppointment();
  const menus = useUsedMenus().data ?? [];
  const usual = useUsualMinutes().data;
  const watched = Form.useWatch([], form) as AppointmentFormValues | undefined;
  const values = { ...initialValues, ...watched };

  const submit = async () => {
    const current = form.getFieldsValue(true) as AppointmentFormValues;
    const problems = formErrors(patient ? { ...current, customerId: crypto.randomUUID() } : current);
    if (patient && !patient.name.trim()) problems.unshift({ name: 'customerId', errors: [t.newPatientRequired] });
    if (problems.length) {
      form.setFields(problems);
      return;
    }
    setError(null);
    try {
      const fields = toFields(
        patient ? { ...current, customerId: crypto.randomUUID() } : current,
        appointment?.visitId ?? null,
      );
      const outcome = await save(appointment, fields, patient);
      if (outcome) onClose(outcome);
    } catch (e) {
      setError(t.saveFailed(e instanceof Error ? e.message : ja.api.messages.unexpected));
    }
  };

  // Said, never refused: a booking outside the hours or over another is the receptionist's call.
  const warnings: string[] = [];
  if (values.date && values.start && values.minutes && !fieldError('start', values.start)) {
    if (!withinHours(hoursOf(hours, values.date), values.start, values.minutes)) warnings.push(t.outsideHours);
    const clash = day.find(
      (a) =>
        a.id !== appointment?.id &&
        values.staffName === a.staffName &&
        !isFree([a], values.date!, values.start!, a.staffName) &&
        a.date === values.date,
    );
    if (clash) warnings.push(t.overlapWarning(clash.customerName));
  }

  return (
    <FormDialog
      title={appointment ? t.editTitle : t.createTitle}
      form={form}
      initialValues={initialValues}
      onSave={() => void submit()}
      onClose={() => onClose(null)}
      saving={saving}
      error={error}
      draft={{ form: 'appointment', recordId: appointment?.id ?? null }}
    >
      <MenuLength form={form} usual={usual} />
      {patient ? (
        <Form.Item label={t.newPatientName} required className={FORM_DIALOG_FULL_ROW}>
          <Input
            value={patient.name}
            aria-label={t.newPatientName}
            onChange={(e) => setPatient({ ...patient, name: e.target.value })}
          />
          <Input
            className="appt-new-phone"
            value={patient.phone}
            aria-label={ja.customers.form.labels.phone}
            placeholder={ja.customers.form.labels.phone}
            onChange={(e) => setPatient({ ...patient, phone: e.target.value })}
          />
          <Button type="link" onClick={() => setPatient(null)}>
            {t.choosePatient}
          </Button>
        </Form.Item>
      ) : (
        <Form.Item
          name="customerId"
          label={t.labels.customerId}
          required
          rules={rules('customerId')}
          className={FORM_DIALOG_FULL_ROW}
          extra={
            !appointment && (
              <Button type="link" onClick={() => setPatient({ name: '', phone: '' })}>
                {t.newPatient}
              </Button>
            )
          }
        >
          <CustomerField />
        </Form.Item>
      )}
      <Form.Item name="date" label={t.labels.date} required rules={rules('date')}>
        <Input type="date" min="1900-01-01" max="2100-12-31" />
      </Form.Item>
      <Form.Item name="start" label={t.labels.start} required rules={rules('start')}>
        <Input type="time" step={300} />
      </Form.Item>
      <Form.Item name="minutes" label={t.labels.minutes} required rules={rules('minutes')}>
        <InputNumber min={5} max={480} step={15} inputMode="numeric" controls={false} />
      </Form.Item>
      <Form.Item name="staffName" label={t.labels.staffName} required rules={rules('staffName')}>
        <Select options={practitioners.map((p) => ({ value: p, label: p }))} />
      </Form.Item>
      <Form.Item name="serviceMenu" label={t.labels.serviceMenu} rules={rules('serviceMenu')}>
        <AutoComplete options={menus.map((m) => ({ value: m }))} />
      </Form.Item>
      {appointment && (
        <Form.Item name="status" label={t.labels.status}>
          <Select options={APPOINTMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))} />
        </Form.Item>
      )}
      <Form.Item name="notes" label={t.labels.notes} rules={rules('notes')} className={FORM_DIALOG_FULL_ROW}>
        <Input.TextArea rows={2} />
      </Form.Item>
      {warnings.length > 0 && (
        <div className={`${FORM_DIALOG_FULL_ROW} appt-warnings`} role="status">
          {warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </div>
      )}
      {appointment && <StateButtons appointment={appointment} actions={actions} />}
    </FormDialog>
  );
}

const a = jaAppointments.actions;

/** 時間を変更, 来院済みにする, 予約をキャンセル, 無断キャンセルにする (予約に戻す once it is not booked). */
function StateButtons({ appointment, actions }: { appointment: AppointmentView; actions: DialogActions }) {
  return (
    <div className={`${FORM_DIALOG_FULL_ROW} appt-state-buttons`}>
      <Button size="large" onClick={() => actions.onMove(appointment)}>
        {a.move}
      </Button>
      {appointment.status === 'booked' ? (
        <>
          <Button size="large" type="primary" onClick={() => actions.onStatus(appointment, 'visited')}>
            {a.visited}
          </Button>
          <Button size="large" danger onClick={() => actions.onStatus(appointment, 'cancelled')}>
            {a.cancel}
          </Button>
          <Button size="large" danger onClick={() => actions.onStatus(appointment, 'noShow')}>
            {a.noShow}
          </Button>
        </>
      ) : (
        <Button size="large" onClick={() => actions.onStatus(appointment, 'booked')}>
          {a.restore}
        </Button>
      )}
    </div>
  );
}

/** The 施術メニュー's usual length fills 所要時間 when the menu is chosen (the person may still change it). */
function MenuLength({
  form,
  usual,
}: {
  form: FormInstance<AppointmentFormValues>;
  usual: Map<string, number> | undefined;
}) {
  const menu = Form.useWatch<string | undefined>('serviceMenu', form);
  // The menu the form opened with (or last filled for): only a newly chosen menu changes the length.
  const seen = useRef<string | undefined>(form.getFieldValue('serviceMenu') as string | undefined);
  useEffect(() => {
    if (menu === undefined || menu === seen.current) return;
    seen.current = menu;
    const minutes = usual?.get(menu);
    if (minutes !== undefined) form.setFieldValue('minutes', minutes);
  }, [form, menu, usual]);
  return null;
}

import { SURVEY_TYPES, SURVEY_TYPE_LABELS, type SurveyType } from '@clinic/sync-protocol';
import { Form, Segmented } from 'antd';
import { memo, useId } from 'react';
import { CurrentPatientPicker } from '../../components/current-patient';
import { type VisitChoice, VisitPicker } from '../../components/visit-picker';
import { ja } from '../../i18n/ja';

const t = ja.surveys;
const typeOptions = SURVEY_TYPES.map((value) => ({ value, label: SURVEY_TYPE_LABELS[value] }));

/** The customer picker's element id: a refused save moves focus there. */
export const SURVEY_CUSTOMER_ID = 'survey-customer';

type Props = {
  customerId: string | null;
  type: SurveyType;
  visitId: string | null;
  visits: readonly VisitChoice[] | null;
  /** 顧客を選択してください after a refused save. */
  customerError: string | null;
  /** While a saved survey is corrected its customer and type are fixed; only its visit may change. */
  locked: boolean;
  onCustomer: (id: string | null) => void;
  onType: (type: SurveyType) => void;
  onVisit: (id: string | null) => void;
};

/** Whose survey, which one (施術前 / 施術後, as large as a finger wants), and optionally which visit. */
export const SurveyTarget = memo(function SurveyTarget({
  customerId,
  type,
  visitId,
  visits,
  customerError,
  locked,
  onCustomer,
  onType,
  onVisit,
}: Props) {
  const typeLabel = useId();
  const visitField = useId();
  return (
    <Form layout="vertical" component="div" className="survey-target">
      <Form.Item
        label={t.customer}
        htmlFor={SURVEY_CUSTOMER_ID}
        required
        validateStatus={customerError ? 'error' : undefined}
        help={customerError ?? undefined}
      >
        {/* The session's patient: picking here picks them on every screen (the form follows in onCustomer). */}
        <CurrentPatientPicker id={SURVEY_CUSTOMER_ID} onChange={onCustomer} disabled={locked} allowClear={!locked} />
      </Form.Item>
      <Form.Item label={<span id={typeLabel}>{t.type}</span>}>
        <Segmented<SurveyType>
          className="survey-type"
          size="large"
          block
          // aria-label too: antd's own default name is English.
          aria-label={t.type}
          aria-labelledby={typeLabel}
          options={typeOptions}
          value={type}
          disabled={locked}
          onChange={onType}
        />
      </Form.Item>
      <Form.Item label={t.visit} htmlFor={visitField}>
        <VisitPicker id={visitField} customerId={customerId} visits={visits} value={visitId} onChange={onVisit} />
      </Form.Item>
    </Form>
  );
});

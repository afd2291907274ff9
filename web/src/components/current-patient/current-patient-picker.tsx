import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { jaSession } from '../../i18n/ja-session';
import { CustomerPicker } from '../customer-picker/customer-picker';
import { useHandoff } from './handoff';
import { useCurrentPatient } from './use-current-patient';
import './current-patient.css';

type Props = {
  /** The form item's id, so its label points here. */
  id?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** Told after the person picks (or clears), e.g. to let go of a visit of the previous patient. */
  onChange?: (customerId: string | null) => void;
};

/**
 * The session's patient, in the same place and look on every screen that works for one patient: the
 * customer picker showing name, カルテ番号 and age; one tap on it changes the patient, × clears it. A
 * screen opened from the chart also offers カルテに戻る.
 */
export function CurrentPatientPicker({ id, disabled, allowClear = true, onChange }: Props) {
  const { customerId, choose } = useCurrentPatient();
  const { returnTo } = useHandoff();
  const navigate = useNavigate();
  return (
    <div className="current-patient">
      <div className="current-patient-picker">
        <CustomerPicker
          id={id}
          value={customerId}
          disabled={disabled}
          allowClear={allowClear}
          showDetails
          onChange={(next) => {
            choose(next);
            onChange?.(next);
          }}
        />
      </div>
      {returnTo && customerId && (
        <Button size="large" icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(returnTo)}>
          {jaSession.current.backToChart}
        </Button>
      )}
    </div>
  );
}

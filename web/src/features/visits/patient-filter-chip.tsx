import { CloseOutlined, TeamOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { usePatientName } from '../../components/current-patient/use-patient-name';
import { ja } from '../../i18n/ja';

const t = ja.visits.filters;

type Props = { customerId: string; onClear: () => void };

/**
 * The list's patient filter shown as a filter (issue 38): opened after a chart, 来院履歴 lists one
 * patient and its CSV covers only her, which a receptionist must see at a glance. The chip's × and
 * 全員を表示 both clear it (the session's current patient too, as the picker's clear does).
 */
export function PatientFilterChip({ customerId, onClear }: Props) {
  const name = usePatientName(customerId) || t.customer;
  return (
    <div className="visit-patient-chip-row" role="status">
      <span className="visit-patient-chip">
        <span>{t.onePatient(name)}</span>
        <Button
          type="text"
          size="large"
          className="visit-patient-chip-close"
          icon={<CloseOutlined aria-hidden />}
          aria-label={t.clearPatient(name)}
          onClick={onClear}
        />
      </span>
      <Button size="large" icon={<TeamOutlined aria-hidden />} onClick={onClear}>
        {t.showAll}
      </Button>
    </div>
  );
}

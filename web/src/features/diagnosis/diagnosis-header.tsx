import { PlusOutlined } from '@ant-design/icons';
import type { FigureStyle } from '@clinic/sync-protocol/body';
import { Button } from 'antd';
import { FigureStyleToggle } from '../../components/body-map';
import { CustomerPickerOnDemand } from '../../components/customer-picker';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';

type Props = {
  onAdd: () => void;
  /** The display mode (簡易 / 詳細): which figure the dialog opens with. */
  figureStyle: FigureStyle;
  onFigureStyleChange: (style: FigureStyle) => void;
  /** The session's current patient, whose records alone the list shows (null: everyone's). */
  customerId: string | null;
  onCustomerChange: (customerId: string | null) => void;
};

/** Above the list: the patient it shows, the display-mode toggle and the 新規診断記録 button. */
export function DiagnosisHeader({ onAdd, figureStyle, onFigureStyleChange, customerId, onCustomerChange }: Props) {
  return (
    <div className="diagnosis-header">
      <div role="group" aria-label={jaDiagnosis.patientFilter} className="diagnosis-patient-filter">
        <CustomerPickerOnDemand.Component value={customerId} onChange={onCustomerChange} showDetails />
      </div>
      <div className="diagnosis-display-mode" role="group" aria-label={jaDiagnosis.displayMode}>
        <span className="diagnosis-display-mode-label" aria-hidden>
          {jaDiagnosis.displayMode}
        </span>
        <FigureStyleToggle value={figureStyle} onChange={onFigureStyleChange} />
      </div>
      <Button type="primary" size="large" icon={<PlusOutlined aria-hidden />} className="diagnosis-add" onClick={onAdd}>
        {jaDiagnosis.add}
      </Button>
    </div>
  );
}

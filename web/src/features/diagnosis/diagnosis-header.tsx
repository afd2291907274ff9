import { PlusOutlined } from '@ant-design/icons';
import type { FigureStyle } from '@clinic/sync-protocol/body';
import { Button } from 'antd';
import { FigureStyleToggle } from '../../components/body-map';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';

type Props = {
  onAdd: () => void;
  /** The display mode (簡易 / 詳細): which figure the dialog opens with. */
  figureStyle: FigureStyle;
  onFigureStyleChange: (style: FigureStyle) => void;
};

/** Above the list: the display-mode toggle and the 新規診断記録 button. */
export function DiagnosisHeader({ onAdd, figureStyle, onFigureStyleChange }: Props) {
  return (
    <div className="diagnosis-header">
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

import { PrinterOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { jaPainHistory } from '../../../i18n/ja-pain-history';
import './chart-print.css';

/** 印刷: the browser's print dialog; the chart's print stylesheet lays it out on A4 without the app around it. */
export function PrintButton() {
  return (
    <Button
      size="large"
      icon={<PrinterOutlined aria-hidden />}
      className="chart-print-button"
      onClick={() => window.print()}
    >
      {jaPainHistory.print}
    </Button>
  );
}

import { Alert } from 'antd';
import { jaDiagnosis } from '../../i18n/ja-diagnosis';

/** 取得エラー: the device could not be read. Loaded only when it happens (diagnosis-list.tsx). */
export function ListFailed() {
  return (
    <Alert type="error" showIcon title={jaDiagnosis.errors.titles.fetch} description={jaDiagnosis.errors.fetchFailed} />
  );
}

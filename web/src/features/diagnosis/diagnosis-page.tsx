import { DiagnosisScreen } from './diagnosis-screen';

/** /diagnosis (v1): the history list and the dialog, on the medical-record (カルテ) figure. */
export default function DiagnosisPage() {
  return <DiagnosisScreen version="v1" />;
}

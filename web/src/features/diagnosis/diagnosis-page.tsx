import { DiagnosisScreen } from './diagnosis-screen';

/** /diagnosis: the history list and the dialog, opening on the detailed (medical-record) figure. */
export default function DiagnosisPage() {
  return <DiagnosisScreen version="v1" />;
}

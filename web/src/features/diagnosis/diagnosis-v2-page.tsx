import { DiagnosisScreen } from './diagnosis-screen';

/** /diagnosis-v2: the same records, with the display-mode toggle (問診 / カルテ figure). */
export default function DiagnosisV2Page() {
  return <DiagnosisScreen version="v2" />;
}

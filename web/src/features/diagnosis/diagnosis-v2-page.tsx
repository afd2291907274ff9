import { DiagnosisScreen } from './diagnosis-screen';

/** /diagnosis-v2: the same 診断記録 screen (no menu entry of its own), opening on the simple figure. */
export default function DiagnosisV2Page() {
  return <DiagnosisScreen version="v2" />;
}

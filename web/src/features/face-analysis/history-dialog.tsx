import { japanDateTime } from '@clinic/sync-protocol/rules';
import { DetailDialog } from '../../components/detail-dialog';
import { mainEmotions } from '../../components/face-result';
import { jaFace } from '../../i18n/ja-face';
import { usePatientName } from '../../components/current-patient';
import { useCustomerFaceAnalyses } from '../../data/live';
import { jaSession } from '../../i18n/ja-session';

const t = jaFace.historyDialog;
/** Spec 9: the history dialog shows the first 10 entries. */
const HISTORY_ENTRIES = 10;

/** The current patient's latest analyses (their name on each row; none without a patient), read from the device (offline too): time, main emotions, time taken. */
export function HistoryDialog({
  open,
  customerId,
  onClose,
}: {
  open: boolean;
  customerId: string | null;
  onClose: () => void;
}) {
  const history = useCustomerFaceAnalyses(open ? customerId : null, HISTORY_ENTRIES);
  const rows = history.data ?? [];
  const name = usePatientName(customerId);
  return (
    <DetailDialog open={open} title={t.title} onClose={onClose} width={520}>
      {!customerId ? (
        <p>{jaSession.history.choosePatient}</p>
      ) : history.loaded && rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <table className="face-history">
          <thead>
            <tr>
              <th scope="col">{t.patient}</th>
              <th scope="col">{t.time}</th>
              <th scope="col">{t.emotions}</th>
              <th scope="col">{t.processing}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{name}</td>
                <td>
                  {japanDateTime(row.analysedAt)}
                  <span className="face-history-source">{t.source[row.source]}</span>
                </td>
                <td>{mainEmotions(row.faces)}</td>
                <td>{jaFace.duration(row.processingTime)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </DetailDialog>
  );
}

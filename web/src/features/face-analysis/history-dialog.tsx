import { japanDateTime } from '@clinic/sync-protocol/rules';
import { DetailDialog } from '../../components/detail-dialog';
import { mainEmotions } from '../../components/face-result';
import { jaFace } from '../../i18n/ja-face';
import { useCustomerFaceAnalyses } from '../../data/live';

const t = jaFace.historyDialog;
/** Spec 9: the history dialog shows the first 10 entries. */
const HISTORY_ENTRIES = 10;

/** The chosen customer's latest analyses, read from the device (offline too): time, main emotions, time taken. */
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
  return (
    <DetailDialog open={open} title={t.title} onClose={onClose} width={520}>
      {!customerId ? (
        <p>{t.chooseCustomer}</p>
      ) : history.loaded && rows.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <table className="face-history">
          <thead>
            <tr>
              <th scope="col">{t.time}</th>
              <th scope="col">{t.emotions}</th>
              <th scope="col">{t.processing}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
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

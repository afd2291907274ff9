import type { OperationLogEntry } from '@clinic/sync-protocol/admin';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { fetchErrorReport } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../online/use-online-query';
import { DetailDialog } from '../../components/detail-dialog';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { operationLabel } from './operation-format';

const t = jaOperationLogs;

/** Spec 2/3 "Error report": each check as OK / 問題あり, then what to do, from the server's diagnosis. */
export function ErrorReportDialog({ entry, onClose }: { entry: OperationLogEntry; onClose: () => void }) {
  const {
    data: report,
    loading,
    error,
  } = useOnlineQuery(['error-report', entry.id], (call) => fetchErrorReport(entry.id, call), t.reportFailed);
  return (
    <DetailDialog
      open
      title={`${t.reportTitle}：${operationLabel(entry.operation)}`}
      onClose={onClose}
      loading={loading || !report}
      error={error}
    >
      {report && (
        <div className="operation-report">
          <h3>{t.diagnostics}</h3>
          <table className="operation-report-checks">
            <tbody>
              {Object.entries(report.diagnostics).map(([name, passed]) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td className={passed ? 'operation-report-pass' : 'operation-report-fail'}>
                    {passed ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}{' '}
                    {passed ? t.pass : t.fail}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{t.recommendations}</h3>
          {report.recommendations.length === 0 ? (
            <p>{t.noProblems}</p>
          ) : (
            <ul>
              {report.recommendations.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </DetailDialog>
  );
}

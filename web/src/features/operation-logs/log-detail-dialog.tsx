import { japanDateTime } from '@clinic/sync-protocol/rules';
import type { OperationLogEntry } from '@clinic/sync-protocol/admin';
import { Descriptions } from 'antd';
import { DetailDialog } from '../../components/detail-dialog';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { deviceLabel, operationLabelWithName } from './operation-format';
import { answerFields, dataFields, type LogField } from './log-fields';
import { LogPhoto } from './log-photo';

const t = jaOperationLogs;

/** Labelled facts, one a line (not JSON); nothing reads なし. */
function Fields({ fields }: { fields: LogField[] }) {
  if (fields.length === 0) return <>{t.noData}</>;
  return (
    <dl className="operation-log-fields">
      {fields.map((field, index) => (
        <div key={index}>
          <dt>{field.label}</dt>
          <dd>{field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Spec 2 "Log-detail dialog": every field the device sent, what it recorded and the answer it got as
 * labelled facts (not JSON), the photo when one came with it.
 */
export function LogDetailDialog({ entry, onClose }: { entry: OperationLogEntry; onClose: () => void }) {
  const f = t.fields;
  return (
    <DetailDialog open title={t.detailTitle} onClose={onClose}>
      <Descriptions
        size="small"
        column={1}
        bordered
        className="operation-log-detail"
        items={[
          { key: 'operation', label: f.operation, children: operationLabelWithName(entry.operation) },
          { key: 'server', label: f.serverTimestamp, children: japanDateTime(entry.serverTimestamp) },
          { key: 'client', label: f.timestamp, children: entry.timestamp ? japanDateTime(entry.timestamp) : '—' },
          { key: 'screen', label: f.screen, children: entry.screen || '—' },
          {
            key: 'device',
            label: f.device,
            children: `${deviceLabel(entry.device)}（${entry.device.screenWidth ?? '—'}×${entry.device.screenHeight ?? '—'}）`,
          },
          { key: 'user', label: f.user, children: t.claimedUser(entry.userEmail) },
          { key: 'session', label: f.session, children: <code>{entry.sessionId}</code> },
          {
            key: 'error',
            label: f.error,
            children: entry.error ? (
              <span className="operation-log-text">
                {[entry.error.code, entry.error.message].filter(Boolean).join('：')}
              </span>
            ) : (
              t.noError
            ),
          },
          { key: 'data', label: f.data, children: <Fields fields={dataFields(entry.data)} /> },
          { key: 'api', label: f.apiResponse, children: <Fields fields={answerFields(entry.apiResponse)} /> },
          { key: 'photo', label: f.photo, children: entry.photoPath ? <LogPhoto path={entry.photoPath} /> : t.noPhoto },
          { key: 'id', label: f.id, children: <code>{entry.id}</code> },
        ]}
      />
    </DetailDialog>
  );
}

import { japanDateTime } from '@clinic/sync-protocol/rules';
import type { OperationLogEntry } from '@clinic/sync-protocol/admin';
import { Descriptions } from 'antd';
import { DetailDialog } from '../../components/detail-dialog';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';
import { deviceLabel, operationLabelWithName, prettyJson } from './operation-format';
import { LogPhoto } from './log-photo';

const t = jaOperationLogs;

/** Spec 2 "Log-detail dialog": every field the device sent, the photo when one came with it. */
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
          { key: 'user', label: f.user, children: t.claimedUser(entry.claimedUserEmail) },
          { key: 'session', label: f.session, children: <code>{entry.sessionId}</code> },
          {
            key: 'error',
            label: f.error,
            children: entry.error ? (
              <pre className="operation-log-json">
                {[entry.error.code, entry.error.message].filter(Boolean).join('：')}
              </pre>
            ) : (
              t.noError
            ),
          },
          { key: 'data', label: f.data, children: <pre className="operation-log-json">{prettyJson(entry.data)}</pre> },
          {
            key: 'api',
            label: f.apiResponse,
            children: <pre className="operation-log-json">{prettyJson(entry.apiResponse)}</pre>,
          },
          { key: 'photo', label: f.photo, children: entry.photoPath ? <LogPhoto path={entry.photoPath} /> : t.noPhoto },
          { key: 'id', label: f.id, children: <code>{entry.id}</code> },
        ]}
      />
    </DetailDialog>
  );
}

import type { DeviceLogDetail } from '@clinic/sync-protocol/admin';
import { japanDateTime } from '@clinic/sync-protocol/rules';
import { DEVICE_LOG_LIMITS as L } from '@clinic/sync-protocol/admin/limits';
import { Descriptions } from 'antd';
import { fetchDeviceLogDetail } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../online/use-online-query';
import { DetailDialog } from '../../components/detail-dialog';
import { Disclosure } from '../../components/disclosure';
import { formatBytes } from '../../components/media-thumb';
import { StatusTag } from '../../components/status-tag';
import { jaDeviceLogs, ownLabel } from '../../i18n/ja-admin-logs';
import { errorTypeLabel } from './error-type-label';
import { errorCountTone, pageLoadTone, shortSession } from './log-tones';

const t = jaDeviceLogs;

/** Spec 2 "Detail dialog with expandable sections", spec 9's cuts: last 10 API times, last 20 actions, 200 characters of a stack. */
export function DeviceLogDetailDialog({ fileName, onClose }: { fileName: string; onClose: () => void }) {
  const {
    data: log,
    loading,
    error,
  } = useOnlineQuery(['device-log', fileName], (call) => fetchDeviceLogDetail(fileName, call), t.listFailed);
  return (
    <DetailDialog open title={t.detailTitle} onClose={onClose} loading={loading || !log} error={error}>
      {log && <DetailBody log={log} />}
    </DetailDialog>
  );
}

function DetailBody({ log }: { log: DeviceLogDetail }) {
  const device = log.deviceInfo;
  const apiTimes = log.apiResponseTimes.slice(-L.detailApiTimes).reverse();
  const actions = log.userActions.slice(-L.detailActions).reverse();
  const firstOpen = log.errors.length > 0 ? 'errors' : 'device';
  return (
    <div className="device-log-detail">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'time', label: t.columns.uploadTime, children: japanDateTime(log.uploadTime) },
          { key: 'session', label: t.columns.session, children: <code>{shortSession(log.sessionId)}</code> },
          {
            key: 'errors',
            label: t.columns.errors,
            children: <StatusTag tone={errorCountTone(log.errorCount)}>{log.errorCount}</StatusTag>,
          },
          { key: 'size', label: t.columns.size, children: formatBytes(log.fileSize) },
        ]}
      />
      {/* Sections that open and close: the errors open when there are any, else the device. */}
      {[
        {
          key: 'device',
          label: t.sections.device,
          children: (
            <Descriptions
              size="small"
              column={1}
              items={(Object.keys(t.device) as (keyof typeof t.device)[]).map((key) => ({
                key,
                label: t.device[key],
                children: device[key] || '—',
              }))}
            />
          ),
        },
        {
          key: 'errors',
          label: t.sections.errors(log.errors.length),
          children:
            log.errors.length === 0 ? (
              <p>{t.noErrors}</p>
            ) : (
              <ol className="device-log-errors">
                {log.errors.map((e, i) => (
                  <li key={i}>
                    <div>
                      <StatusTag tone={e.severity === 'low' ? 'neutral' : e.severity === 'medium' ? 'warn' : 'error'}>
                        {ownLabel(t.severities, e.severity) ?? e.severity}
                      </StatusTag>{' '}
                      <strong>{errorTypeLabel(e.type)}</strong>{' '}
                      <span className="device-log-muted">{japanDateTime(e.timestamp)}</span>
                    </div>
                    <p className="device-log-message">{e.message}</p>
                    {e.stack && <pre className="device-log-stack">{e.stack.slice(0, L.detailStackChars)}</pre>}
                  </li>
                ))}
              </ol>
            ),
        },
        {
          key: 'api',
          label: t.sections.api,
          children:
            apiTimes.length === 0 ? (
              <p>{t.noApi}</p>
            ) : (
              <ul className="device-log-lines">
                {apiTimes.map((a, i) => (
                  <li key={i}>
                    <code>
                      {a.method} {a.url}
                    </code>{' '}
                    {a.status ?? '—'}・{t.ms(a.duration)}
                  </li>
                ))}
              </ul>
            ),
        },
        {
          key: 'actions',
          label: t.sections.actions,
          children:
            actions.length === 0 ? (
              <p>{t.noActions}</p>
            ) : (
              <ul className="device-log-lines">
                {actions.map((a, i) => (
                  <li key={i}>
                    <span className="device-log-muted">{japanDateTime(a.timestamp)}</span> {a.target}
                  </li>
                ))}
              </ul>
            ),
        },
        {
          key: 'performance',
          label: t.sections.performance,
          children: (
            <Descriptions
              size="small"
              column={1}
              items={(Object.keys(t.performance) as (keyof typeof t.performance)[]).map((key) => {
                const tone = key === 'pageLoadTime' ? pageLoadTone(log.performance[key]) : undefined;
                return {
                  key,
                  label: t.performance[key],
                  children: tone ? (
                    <StatusTag tone={tone}>{t.ms(log.performance[key])}</StatusTag>
                  ) : (
                    t.ms(log.performance[key])
                  ),
                };
              })}
            />
          ),
        },
      ].map((section) => (
        <Disclosure key={section.key} title={section.label} defaultOpen={section.key === firstOpen}>
          {section.children}
        </Disclosure>
      ))}
    </div>
  );
}

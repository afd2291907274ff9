import { CheckCircleOutlined, DisconnectOutlined, ExclamationCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { ja } from '../../i18n/ja';
import type { SystemStatus } from './system-status';

const t = ja.dashboard.status;

const LOOK: Record<SystemStatus['kind'], { word: string; icon: ReactNode }> = {
  checking: { word: t.checking, icon: <SyncOutlined spin aria-hidden /> },
  ok: { word: t.ok, icon: <CheckCircleOutlined aria-hidden /> },
  degraded: { word: t.degraded, icon: <ExclamationCircleOutlined aria-hidden /> },
  unreachable: { word: t.offline, icon: <DisconnectOutlined aria-hidden /> },
  offline: { word: t.offline, icon: <DisconnectOutlined aria-hidden /> },
};

/** The greeting's system-status chip (spec 2); its colours are in dashboard.css, dark enough to read. */
export function StatusChip({ status }: { status: SystemStatus }) {
  const { word, icon } = LOOK[status.kind];
  return (
    <Tag icon={icon} className={`dashboard-status dashboard-status-${status.kind}`}>
      {t.chip(word)}
    </Tag>
  );
}

import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api';
import { auditCsvPath, fetchFile } from '../../api/admin-logs-api';
import { useOnlineQuery } from '../../online/use-online-query';
import { fetchUsers } from '../../api/users-api';
import { useToast } from '../../components/toast';
import { downloadBlob } from '../../export';
import { jaAuditLog } from '../../i18n/ja-admin-logs';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { NO_AUDIT_FILTER, toQuery, useAuditLog, type AuditScreenFilter } from './use-audit-log';
import './audit-log.css';

const t = jaAuditLog;

/**
 * アクセスログ (beyond the spec; 医療情報システムの安全管理に関するガイドライン 第6.0版): who read or changed
 * which patient's records, when and from which device. Read-only; filters and a CSV for the record.
 */
export default function AuditLogPage() {
  const toast = useToast();
  const [filter, setFilter] = useState<AuditScreenFilter>(NO_AUDIT_FILTER);
  const [exporting, setExporting] = useState(false);
  const { data, loading, error, offline, reload } = useAuditLog(filter);
  const users = useOnlineQuery(['users'], fetchUsers, t.listFailed);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await fetchFile(auditCsvPath(toQuery(filter)));
      downloadBlob(file.fileName ?? 'access-log.csv', file.blob);
    } catch (failure) {
      toast.error(t.exportFailed(failure instanceof ApiError ? failure.status : null));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="audit-page">
      <p className="audit-intro">{t.intro}</p>
      <AuditFilters filter={filter} users={users.data ?? []} actions={data?.actions ?? []} onChange={setFilter} />
      {offline && <Alert type="warning" showIcon title={t.offline} />}
      {error && <Alert type="error" showIcon title={error} />}
      <div className="audit-toolbar">
        <h2 className="audit-heading">{t.list}</h2>
        <Button size="large" icon={<ReloadOutlined aria-hidden />} disabled={offline} onClick={() => void reload()}>
          {jaAuditLog.reload}
        </Button>
        <Button
          size="large"
          type="primary"
          icon={<DownloadOutlined aria-hidden />}
          loading={exporting}
          disabled={offline}
          onClick={() => void exportCsv()}
        >
          {t.export}
        </Button>
      </div>
      {loading && !data ? (
        <Spin />
      ) : (
        data && <AuditTable page={data} pageIndex={filter.page} onPage={(page) => setFilter({ ...filter, page })} />
      )}
    </div>
  );
}

import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { fetchFile } from '../../api/admin-logs-api';
import { API_BASE } from '../../api/http';
import { jaOperationLogs } from '../../i18n/ja-admin-logs';

const t = jaOperationLogs;

/** The photo an entry came with: admin only on the server, so fetched with the token, not by <img src>. */
export function LogPhoto({ path }: { path: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    // photoPath is the server's full path (/api/…); the client adds /api itself.
    fetchFile(path.startsWith(`${API_BASE}/`) ? path.slice(API_BASE.length) : path)
      .then(({ blob }) => {
        if (!live) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  if (failed) return <span>{t.photoFailed}</span>;
  return url ? <img className="operation-log-photo" src={url} alt={t.photoAlt} /> : <Spin size="small" />;
}

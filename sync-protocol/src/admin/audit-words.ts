/**
 * The access log in the words of a clinic, one home for the screen and the CSV: the server's action
 * names (entity.verb, or a login event) and the device a row came from.
 */
const EVENTS: Record<string, string> = {
  login_success: 'ログイン',
  login_failure: 'ログイン失敗',
  login_locked: 'ログインのロック',
  password_change_failure: 'パスワード変更の失敗',
  logout: 'ログアウト',
  password_change: 'パスワード変更',
  refresh_reuse: 'ログイン情報の不正な再利用を検知',
  user_create: 'ユーザー作成',
  user_update: 'ユーザー変更',
  user_delete: 'ユーザー削除',
  user_unlock: 'ロック解除',
  'sync.rejected': '同期できなかった変更',
  // A pull: the device copying records on its own (every 30 s, also under the lock), never a person's read (issue 34).
  'sync.pull': '端末の同期',
  'sync.heal': '復元したサーバーへの記録の再送',
  'sync.heal.finish': '復元したサーバーへの記録の再送（完了）',
  'audit_log.read': 'アクセスログの閲覧',
  'audit_log.export': 'アクセスログの書き出し',
  'media.poster': '動画の表紙画像の登録',
  // Exports made on a device, sent after its next sync.
  'visits.export': '来院記録のCSV出力',
  'media.export': '写真・動画のダウンロード',
  // A shared tablet's data key held by the server (issue 25).
  device_key_issue: '端末データの鍵の受け渡し',
  device_key_revoke: '端末データの鍵の無効化',
  device_register: '端末の同期の登録',
  device_credential_refused: '端末の確認の失敗（同期を拒否）',
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  customer: '顧客',
  customers: '顧客',
  visit: '来院記録',
  visits: '来院記録',
  survey: 'アンケート',
  surveys: 'アンケート',
  diagnosis: '診断記録',
  diagnoses: '診断記録',
  painMarker: '痛みの記録',
  painMarkers: '痛みの記録',
  media: '写真・動画',
  faceAnalysis: '表情分析',
  faceAnalyses: '表情分析',
  appointment: '予約',
  appointments: '予約',
  user: 'ユーザー',
  device: '端末',
};

const VERBS: Record<string, string> = {
  read: '閲覧',
  create: '登録',
  update: '変更',
  delete: '削除',
  submit: '回答',
  upload: 'アップロード',
  link: '閲覧用リンクの発行',
};

// Own properties only: a name such as `__proto__` or `toString` must not find Object's members.
const own = (map: Record<string, string>, key: string): string | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

/** 顧客の閲覧, 来院記録の登録, ログイン; an action no one has words for is shown as the server named it. */
export function auditActionLabel(action: string): string {
  const event = own(EVENTS, action);
  if (event) return event;
  const dot = action.lastIndexOf('.');
  if (dot < 0) return action;
  const entity = own(AUDIT_ENTITY_LABELS, action.slice(0, dot));
  const verb = own(VERBS, action.slice(dot + 1));
  return entity && verb ? `${entity}の${verb}` : action;
}

export const auditEntityLabel = (entity: string | null) =>
  entity ? (own(AUDIT_ENTITY_LABELS, entity) ?? entity) : '—';

/** An IPv4 address as IPv6 writes it (::ffff:127.0.0.1) reads as the IPv4 address a person knows. */
const readableAddress = (ip: string) => ip.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, '');

/**
 * The device of a row as a person reads it: the name it was given (施術室1); else 名前のない端末 with
 * the start of its id; else, for a request that named no device (a login page, an older app), the
 * address it came from.
 */
export function auditDeviceLabel(row: { deviceName: string | null; clientId: string | null; ip: string | null }) {
  if (row.deviceName) return row.deviceName;
  if (row.clientId) return `名前のない端末（${row.clientId.slice(0, 4)}…）`;
  if (row.ip) return `端末不明（${readableAddress(row.ip)}）`;
  return '—';
}

/**
 * npm run restore -- --from DIR
 * Puts a backup back with the server stopped (see api/src/backup/restore.ts). The current data is kept
 * in DATA_DIR/before-restore-<time>/; the tablets send again what the backup lacks when they reconnect.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { restoreBackup } from './restore';
import { loadConfig } from '../config';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
if (!values.from) {
  console.error('使い方: npm run restore -- --from <バックアップのフォルダー>');
  process.exit(2);
}

const config = loadConfig();
process.umask(0o077);
try {
  const { manifest, asideDir } = await restoreBackup({
    dataDir: config.dataDir,
    from: resolve(values.from),
    databaseUrl: config.databaseUrl,
    s3: config.s3,
  });
  console.log(`復元しました: ${manifest.createdAt} のバックアップ（顧客 ${manifest.rowCounts.customers ?? 0}件）`);
  console.log(`  復元前のデータは ${asideDir} に残してあります`);
  console.log(
    '  サーバーを起動してください。各タブレットは次の同期で、バックアップ後に入力した記録を自動で送り直します',
  );
} catch (error) {
  console.error(`復元できませんでした: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

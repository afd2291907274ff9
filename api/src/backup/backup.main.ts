/**
 * npm run backup [-- --to DIR] [--keep N]
 * A consistent copy of the data while the server runs (see api/src/backup/backup.ts): into
 * DATA_DIR/backups/<date and time>/, or DIR. --keep N then deletes all but the newest N dated backups.
 */
import { parseArgs } from 'node:util';
import { createBackup, pruneBackups } from './backup';
import { loadConfig } from '../config';

const { values } = parseArgs({ options: { to: { type: 'string' }, keep: { type: 'string' } } });
const keep = values.keep === undefined ? undefined : Number(values.keep);
if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) {
  console.error('--keep には1以上の整数を指定してください');
  process.exit(2);
}

const config = loadConfig();
process.umask(0o077);
try {
  const { dir, manifest } = await createBackup({
    dataDir: config.dataDir,
    to: values.to,
    databaseUrl: config.databaseUrl,
    s3: config.s3,
  });
  const media = manifest.files.filter((f) => f.path.startsWith('media/files/') && !f.path.endsWith('.json')).length;
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  console.log(`バックアップしました: ${dir}`);
  console.log(
    `  顧客 ${manifest.rowCounts.customers ?? 0}件・来院 ${manifest.rowCounts.visits ?? 0}件・写真/動画 ${media}件、合計 ${(bytes / 1024 / 1024).toFixed(1)} MB`,
  );
  if (manifest.missingMedia.length)
    console.warn(
      `  注意: データベースにあるのにファイルが見つからない写真・動画が ${manifest.missingMedia.length}件あります（manifest.json の missingMedia）`,
    );
  if (keep !== undefined) {
    const removed = await pruneBackups(config.dataDir, keep);
    if (removed.length)
      console.log(`  古いバックアップを ${removed.length}件 削除しました（新しい ${keep}件を残しています）`);
  }
} catch (error) {
  console.error(`バックアップできませんでした: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

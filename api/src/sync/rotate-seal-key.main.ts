import { loadConfig } from '../config';
import { DEFAULT_PREVIOUS_KEY_DAYS, rotateSealKeys } from './seal-keys';

// npm run rotate-seal-key: a new key for sealed pushes in DATA_DIR/seal-keys.json. Restart the server after.
const config = loadConfig();
if (process.env.SEAL_PRIVATE_KEY) {
  console.error('SEAL_PRIVATE_KEY is set: rotate by moving it into SEAL_PREVIOUS_PRIVATE_KEYS and setting a new one.');
  process.exit(1);
}
const keys = await rotateSealKeys(config.dataDir, new Date());
console.log(
  `新しい鍵を作りました。古い鍵は${process.env.SEAL_PREVIOUS_KEY_DAYS ?? DEFAULT_PREVIOUS_KEY_DAYS}日間受け付けます` +
    `（保管中の鍵 ${keys.previous.length + 1}件）。サーバーを再起動してください。`,
);

// Browser tests need Debian's chromium and Japanese fonts; install them when missing (no browser download works here).
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasCjkFont() {
  const result = spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' });
  return result.status === 0 && /Noto (Sans|Serif) CJK/i.test(result.stdout);
}

export function ensureBrowserDeps() {
  if (existsSync(CHROMIUM_PATH) && hasCjkFont()) return;
  console.log('chromium / fonts-noto-cjk をインストールしています… (apt-get)');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq chromium fonts-noto-cjk`, { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`chromium was not found at ${CHROMIUM_PATH} after apt-get install`);
}

if (process.argv[1] && process.argv[1].endsWith('browser-deps.mjs')) ensureBrowserDeps();

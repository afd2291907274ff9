// The fsync-order test runs the server under Debian's strace; install it when missing, as the other test
// packages are (browser-deps.mjs, postgres.mjs).
import { execSync, spawnSync } from 'node:child_process';

export function ensureStrace() {
  if (spawnSync('strace', ['-V']).status === 0) return;
  console.log('strace をインストールしています… (apt-get install strace)');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -qq strace`, { stdio: 'inherit', env });
  if (spawnSync('strace', ['-V']).status !== 0) throw new Error('strace was not found after apt-get install strace');
}

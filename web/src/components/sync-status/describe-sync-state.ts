import { ja } from '../../i18n/ja';
import type { SyncStatus } from '../../sync';

const t = ja.syncStatus;

/**
 * `offline` is normal on a tablet, not a problem: changes wait on the device. `problem` is only the
 * server failing (or refusing this app version) while the device is online.
 */
export type SyncTone = 'synced' | 'pending' | 'offline' | 'problem';

export type SyncState = {
  tone: SyncTone;
  /** What is true now, in one plain sentence. */
  sentence: string;
  /** 確認が必要な変更がn件あります (refused changes and overwritten values), or null. */
  problems: string | null;
  /** Show ⚠: there is something a person must look at. */
  attention: boolean;
  /** The server's own words about the failure, for a `problem` only. */
  detail: string | null;
};

function toneOf(status: SyncStatus): SyncTone {
  // A network failure sets `online` false, so an error while online is the server's. While a round is
  // under way (say, just after the network came back) the last error is not news yet.
  if (!status.online) return 'offline';
  if (status.updateRequired || (status.error && !status.syncing)) return 'problem';
  return status.pendingCount > 0 ? 'pending' : 'synced';
}

function sentenceOf(tone: SyncTone, status: SyncStatus): string {
  const n = status.pendingCount;
  switch (tone) {
    case 'offline':
      return n > 0 ? t.states.offlinePending(n) : t.states.offline;
    case 'problem':
      return status.updateRequired ? t.states.updateRequired : t.states.serverProblem;
    case 'pending':
      return t.states.pending(n);
    case 'synced':
      return status.countsKnown ? t.states.synced : t.states.checking;
  }
}

/** The sync status in a receptionist's words: for the top bar, its accessible name and the drawer. */
export function describeSyncState(status: SyncStatus): SyncState {
  const tone = toneOf(status);
  const problems = status.problemCount > 0 ? t.problems(status.problemCount) : null;
  return {
    tone,
    sentence: sentenceOf(tone, status),
    problems,
    attention: tone === 'problem' || problems !== null,
    detail: tone === 'problem' && !status.updateRequired ? status.error : null,
  };
}

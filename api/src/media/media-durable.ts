import { open } from 'node:fs/promises';

/**
 * Making a stored file survive a power cut before the server says it has it: the file's bytes are
 * fsynced, and so is the folder that names it (a new name lives in the folder, and without its fsync
 * a crash may leave the bytes with no name). An object, so tests can see that an upload goes through it.
 */
export const durableFs = {
  /** fsyncs a written file, and makes it readable by the server's user only (it is patient data). */
  async syncFile(path: string): Promise<void> {
    const handle = await open(path, 'r+');
    try {
      await handle.chmod(0o600);
      await handle.sync();
    } finally {
      await handle.close();
    }
  },

  /** fsyncs a folder, so the names made or renamed in it are on disk. */
  async syncDir(path: string): Promise<void> {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
};

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { digest } from './files';

export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_FILE = 'clinic.sqlite';
export const PG_DUMP_FILE = 'clinic.pgdump';

const fileEntry = z.object({
  path: z.string().min(1).max(300),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** What a backup folder holds and how to tell it arrived whole. */
export const manifestSchema = z.object({
  format: z.literal('clinic-backup'),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  app: z.object({ version: z.string() }),
  protocolVersion: z.number().int(),
  /** The newest migration in the copy: a restore migrates it forward at the next start. */
  schema: z.string().nullable(),
  database: z.enum(['sqlite', 'postgresql']),
  /** The epoch the data was in and the version it had reached (see sync/epoch.repository.ts). */
  epoch: z.object({ epoch: z.string(), version: z.number().int() }).nullable(),
  rowCounts: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(fileEntry),
  /** Captures the database lists as uploaded whose file was not on disk when the copy was made. */
  missingMedia: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

export async function readManifest(dir: string): Promise<Manifest> {
  const text = await readFile(join(dir, MANIFEST_FILE), 'utf8').catch(() => {
    throw new Error(`${dir} にバックアップの目録（${MANIFEST_FILE}）がありません`);
  });
  const parsed = manifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${dir} の ${MANIFEST_FILE} はこのアプリのバックアップの目録ではありません`);
  return parsed.data;
}

/** Every file the manifest names, with its size and checksum; the list of those that differ (empty: whole). */
export async function verifyFiles(dir: string, manifest: Manifest): Promise<string[]> {
  const bad: string[] = [];
  for (const file of manifest.files) {
    if (file.path.split('/').includes('..')) {
      bad.push(file.path);
      continue;
    }
    const actual = await digest(join(dir, file.path)).catch(() => null);
    if (!actual || actual.sha256 !== file.sha256 || actual.size !== file.size) bad.push(file.path);
  }
  return bad;
}

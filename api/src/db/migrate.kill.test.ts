import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { build } from 'esbuild';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './migrations';
import { openDatabase } from './startup';

/**
 * A start killed (SIGKILL: a crash, a power cut, the OOM killer) at any moment of its database work
 * must leave a database that the next start opens, with the whole schema. Each run kills a real
 * child process at a random moment of that work and then starts again.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * The entry bundled once by esbuild (what tsx does per start, minus its ~0.5 s of loading), placed
 * inside the repository so its packages resolve from node_modules: many more kills fit the time.
 */
const ENTRY = join(ROOT, 'node_modules/.cache/clinic-kill-test/open-database.mjs');
/** Children started side by side; each kill is timed from its own child's first line. */
const LANES = 2;
/** Kills that must land inside the database work (before it said it was done), per scenario. */
const KILLS = 20;
/** Gives up rather than loop for ever if kills keep missing the window (it narrows after each miss). */
const MAX_ATTEMPTS = 150;
/** How many of the newest migrations the "previous schema" lacks. */
const NEWER_MIGRATIONS = 3;

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-kill-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Start {
  child: ChildProcess;
  /** Resolves when the child begins its database work. */
  opening: Promise<void>;
  /** Resolves when the child exits: whether it said it was done, its signal and its error output. */
  exit: Promise<{ done: boolean; signal: NodeJS.Signals | null; code: number | null; stderr: string }>;
}

function start(dataDir: string): Start {
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let onOpening = () => {};
  const opening = new Promise<void>((resolve) => (onOpening = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.includes('opening')) onOpening();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ done: boolean; signal: NodeJS.Signals | null; code: number | null; stderr: string }>(
    (resolve) =>
      child.on('exit', (code, signal) => {
        onOpening();
        resolve({ done: stdout.includes('opened'), signal, code, stderr });
      }),
  );
  return { child, opening, exit };
}

/** Table, index and column definitions plus the applied migrations: what "the full schema" means. */
function schemaOf(file: string): string[] {
  const sqlite = new SqliteDatabase(file, { fileMustExist: true });
  try {
    const objects = sqlite
      .prepare("select type || ' ' || name || ': ' || coalesce(sql, '') as line from sqlite_master order by type, name")
      .pluck()
      .all() as string[];
    const applied = sqlite.prepare('select name from kysely_migration order by name').pluck().all() as string[];
    return [...objects, ...applied.map((name) => `migration ${name}`)];
  } finally {
    sqlite.close();
  }
}

/** Starts again in this process with the server's own code; the database must open, complete. */
async function startsWithFullSchema(dataDir: string): Promise<string[]> {
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  await db.destroy();
  return schemaOf(join(dataDir, 'clinic.sqlite'));
}

/** A database at the schema of the release before the newest migrations. */
async function previousSchemaFile(): Promise<string> {
  const file = join(tempDir(), 'previous.sqlite');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new SqliteDatabase(file) }) });
  const names = Object.keys(migrations).sort();
  const target = names[names.length - 1 - NEWER_MIGRATIONS]!;
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  }).migrateTo(target);
  await db.destroy();
  if (error) throw new Error(`the previous schema could not be made`, { cause: error });
  return file;
}

/** How long the database work of a start takes here, from its first line to its last. */
async function measureWindow(prepare: () => string): Promise<number> {
  let longest = 0;
  for (let i = 0; i < 2; i++) {
    const run = start(prepare());
    await run.opening;
    const began = performance.now();
    const { done, stderr } = await run.exit;
    if (!done) throw new Error(`a start without a kill failed: ${stderr}`);
    longest = Math.max(longest, performance.now() - began);
  }
  return longest;
}

async function killRepeatedly(prepare: () => string, reference: string[]) {
  const measured = await measureWindow(prepare);
  // On a busy machine the measured starts may have been slower than the later ones: a kill that came
  // after the work had ended narrows the window, so the kills keep landing inside the work.
  let window = measured;
  let landed = 0;
  let attempts = 0;
  const broken: string[] = [];
  const lane = async () => {
    while (landed < KILLS && attempts < MAX_ATTEMPTS) {
      attempts++;
      const dataDir = prepare();
      const run = start(dataDir);
      await run.opening;
      // Uniform over the whole work, a little past its usual end so the last steps are covered too.
      const delay = Math.random() * window * 1.1;
      await new Promise((resolve) => setTimeout(resolve, delay));
      run.child.kill('SIGKILL');
      const exit = await run.exit;
      if (exit.done || exit.signal !== 'SIGKILL') {
        window = Math.max(window * 0.8, measured / 20);
        continue;
      }
      landed++;
      try {
        const schema = await startsWithFullSchema(dataDir);
        if (JSON.stringify(schema) !== JSON.stringify(reference))
          broken.push(`kill at ${delay.toFixed(1)} ms: schema differs`);
      } catch (error) {
        broken.push(
          `kill at ${delay.toFixed(1)} ms: ${error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : String(error)}`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return { window, landed, attempts, broken };
}

describe('a start killed at any moment of its database work', () => {
  let reference: string[] = [];
  beforeAll(async () => {
    await build({
      entryPoints: [join(ROOT, 'api/src/db/open-database.main.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: ENTRY,
      logLevel: 'silent',
    });
    reference = await startsWithFullSchema(tempDir());
  });

  it(`leaves a first install that the next start completes (${KILLS} kills)`, { timeout: 90_000 }, async () => {
    const outcome = await killRepeatedly(tempDir, reference);
    console.log(
      `first start: window ${outcome.window.toFixed(0)} ms, ${outcome.landed} kills landed of ${outcome.attempts}, ${outcome.broken.length} broken`,
    );
    expect(outcome.broken).toEqual([]);
    expect(outcome.landed).toBeGreaterThanOrEqual(KILLS);
  });

  it(`leaves an upgrade that the next start completes (${KILLS} kills)`, { timeout: 90_000 }, async () => {
    const previous = await previousSchemaFile();
    const prepare = () => {
      const dir = tempDir();
      copyFileSync(previous, join(dir, 'clinic.sqlite'));
      return dir;
    };
    const outcome = await killRepeatedly(prepare, reference);
    console.log(
      `upgrade: window ${outcome.window.toFixed(0)} ms, ${outcome.landed} kills landed of ${outcome.attempts}, ${outcome.broken.length} broken`,
    );
    expect(outcome.broken).toEqual([]);
    expect(outcome.landed).toBeGreaterThanOrEqual(KILLS);
  });
});

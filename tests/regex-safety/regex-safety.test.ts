import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FoundRegex, findRegexes, sourceFiles } from './find-regexes';
import { hostileFamilies } from './hostile-inputs';

/**
 * No regular expression of the server or the shared rules can freeze the server (issue 22): one
 * anonymous login once held every request for 68 s while a backtracking e-mail pattern ran. Every
 * pattern written in sync-protocol/src, api/src and the login page is found by parsing the sources,
 * so a new one is covered without touching this test, and each must answer within BUDGET_MS on
 * hostile inputs of about 1 MB made from its own parts (see hostile-inputs.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const BUDGET_MS = 50;
const SIZE = 1_000_000;
const files = sourceFiles(root, ['sync-protocol/src', 'api/src', 'web/src/features/login'], ['api/src/test']);

// A pattern built from a template (`new RegExp(`^(${ERA_PATTERN})...`)`) reads the exported constant.
const modules = new Map<string, Record<string, unknown>>();
for (const path of files) {
  if (/RegExp\(\s*`[^`]*\$\{/.test(readFileSync(path, 'utf8'))) modules.set(relative(root, path), await import(path));
}
const resolve = (file: string, name: string) => {
  const value = modules.get(file)?.[name];
  return typeof value === 'string' ? value : undefined;
};
const { found, unresolved, zodBuilders } = findRegexes(root, files, resolve);

// Zod's own patterns behind the builders our schemas call (z.uuid(), z.iso.date(), ...).
const zodPatterns: FoundRegex[] = [];
for (const [callee, where] of zodBuilders) {
  const build = callee
    .split('.')
    .slice(1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], z);
  if (typeof build !== 'function') continue;
  let schema: unknown;
  try {
    schema = (build as () => unknown)();
  } catch {
    continue; // a builder that needs arguments (z.enum, z.object): no pattern of its own
  }
  const pattern = (schema as { _zod?: { def?: { pattern?: unknown } } })?._zod?.def?.pattern;
  if (pattern instanceof RegExp)
    zodPatterns.push({ where: `${callee} (${where})`, file: 'zod', source: pattern.source, flags: pattern.flags });
}

// A pattern that backtracks exponentially could run for years: the search on one family is stopped after this long.
const STOP_MS = 1_000;

/**
 * The slowest time on one family of inputs, run inside a VM context so one guard stops the whole search on that
 * family. (A guard per `.test()` starts a watchdog thread for each of tens of thousands of runs: that alone took
 * 9 s for the era pattern's 765 families.) The input grows, small steps first so an exponential case stops at
 * once, until it is about 1 MB or over budget; a run over budget is tried up to four times more, keeping the best,
 * so a busy moment of a shared machine (a collection, the other worker) does not fail the test: a pattern that
 * backtracks is over budget every time.
 */
const search = new vm.Script(`{
  const full = Math.max(1, Math.ceil((size - family.prefix.length - family.suffix.length) / family.pump.length));
  const counts = [];
  for (let n = 1; n <= 32 && n < full; n++) counts.push(n);
  for (let n = 64; n < full; n *= 4) counts.push(n);
  counts.push(full);
  for (const n of counts) {
    const input = family.prefix + family.pump.repeat(n) + family.suffix;
    const once = () => {
      re.lastIndex = 0;
      const start = now();
      re.test(input);
      return now() - start;
    };
    let ms = once();
    for (let retry = 0; retry < 4 && ms > budget; retry++) ms = Math.min(ms, once());
    if (ms > worst.ms) worst = { ms, length: input.length };
    if (ms > budget) break;
  }
}`);

/** The families over budget (all, or only the first found), described for the failure message. */
function slowFamilies(source: string, flags: string, firstOnly = false): string[] {
  const context = vm.createContext({
    re: new RegExp(source, flags),
    size: SIZE,
    budget: BUDGET_MS,
    now: () => performance.now(),
    family: null,
    worst: { ms: 0, length: 0 },
  });
  const slow: string[] = [];
  for (const family of hostileFamilies(source, flags)) {
    Object.assign(context, { family, worst: { ms: 0, length: 0 } });
    let took: string;
    try {
      search.runInContext(context, { timeout: STOP_MS });
      const { ms, length } = context.worst as { ms: number; length: number };
      if (ms <= BUDGET_MS) continue;
      took = `${ms.toFixed(0)} ms on ${length} characters`;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
      took = `over ${STOP_MS} ms`;
    }
    slow.push(`${JSON.stringify(family)}: ${took}`);
    if (firstOnly) break;
  }
  return slow;
}

describe('regular expressions cannot backtrack for long', () => {
  it('finds the patterns of every file, and knows how each is built', () => {
    expect(unresolved).toEqual([]);
    expect(found.length).toBeGreaterThan(20);
    expect(found.map((r) => r.file)).toContain('sync-protocol/src/rules/user.ts');
    expect(found.some((r) => r.file === 'sync-protocol/src/rules/wareki.ts' && r.source.includes('昭和|S'))).toBe(true);
    expect(zodPatterns.map((p) => p.where.split(' ')[0])).toEqual(expect.arrayContaining(['z.uuid', 'z.iso.date']));
  });

  // The attacks are strong enough: they catch patterns known to backtrack, today's old e-mail one among them.
  it.each([
    ['^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', ''],
    ['^(a+)+$', ''],
    ['^(\\w+\\s?)*$', ''],
    ['^(a|aa)+$', 'i'],
    ['(x+x+)+y', ''],
  ])('catches the known backtracking pattern /%s/%s', (source, flags) => {
    expect(slowFamilies(source, flags, true)).not.toEqual([]);
  });

  it.each([...found, ...zodPatterns].map((r) => [`${r.where} /${r.source}/${r.flags}`, r] as const))(
    '%s answers within 50 ms on 1 MB hostile inputs',
    (_name, regex) => {
      expect(slowFamilies(regex.source, regex.flags)).toEqual([]);
    },
  );
});

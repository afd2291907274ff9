// `npm run lint`: the import boundaries (dependency-cruiser, two configs), ESLint and the formatting check.
// The steps are defined here once: `npm test` runs them too, spread beside its type check and build
// (scripts/test.mjs). ESLint's type-aware rules keep one core busy for most of the time, so the other steps
// run beside it, one after the other.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (path) => join(root, 'node_modules', path);

/** A step: its name and the node script and arguments that run it from the project root. */
export const LINT = {
  eslint: { name: 'lint: ESLint', args: [bin('eslint/bin/eslint.js'), '--max-warnings', '0', '.'] },
  boundaries: [
    {
      name: 'lint: import boundaries',
      args: [
        bin('dependency-cruiser/bin/dependency-cruise.mjs'),
        '--config',
        '.dependency-cruiser.cjs',
        'sync-protocol/src',
        'api/src',
        'web/src',
        'web/e2e',
      ],
    },
    {
      name: 'lint: layers of web/src',
      args: [
        bin('dependency-cruiser/bin/dependency-cruise.mjs'),
        '--config',
        '.dependency-cruiser-layers.cjs',
        'web/src',
      ],
    },
  ],
  format: {
    name: 'lint: formatting (Prettier)',
    args: [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'],
  },
};

/**
 * Runs `step` in the background with its output kept and shown whole when it ends (steps running at once do
 * not interleave their lines). Resolves to its exit status. The child ends with this process.
 */
export function runStep({ name, args, env = process.env }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env });
    const end = () => child.kill();
    process.on('exit', end);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      process.off('exit', end);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`\n${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`}${text ? `\n${text}` : ''}`);
      resolve(code ?? 1);
    });
  });
}

/** Runs `steps` one after the other, each whatever the one before gave; resolves to the first failure's status. */
export async function runInTurn(steps) {
  let status = 0;
  for (const step of steps) {
    const code = await runStep(step);
    if (status === 0) status = code;
  }
  return status;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const statuses = await Promise.all([runStep(LINT.eslint), runInTurn([...LINT.boundaries, LINT.format])]);
  process.exit(statuses.find((status) => status !== 0) ?? 0);
}

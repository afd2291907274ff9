import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** One pattern written in the source: where it is, and its text (source and flags) when known. */
export type FoundRegex = {
  /** file:line, relative to the repository. */
  where: string;
  file: string;
  source: string;
  flags: string;
};

/** A `new RegExp(...)` whose pattern is built from something other than literals. */
export type UnresolvedRegex = { where: string; file: string; argument: string; missing: string };

/** Looks up an identifier used in a `new RegExp(`...${NAME}...`)` template: its string value, or undefined. */
export type Resolve = (file: string, name: string) => string | undefined;

const SOURCE_FILE = /\.tsx?$/;
const NOT_PRODUCT = /\.(test|e2e|property\.test)\.tsx?$/;

/** Every product source file (no tests) under the given folders. */
export function sourceFiles(root: string, folders: readonly string[], skip: readonly string[] = []): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(root, path);
      if (skip.some((s) => rel === s || rel.startsWith(`${s}/`))) continue;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE_FILE.test(entry.name) && !NOT_PRODUCT.test(entry.name) && !entry.name.endsWith('.d.ts'))
        files.push(path);
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return files.sort();
}

/** The literal text of a string-ish expression, or undefined when it is built at run time. */
function literalText(node: ts.Expression | undefined): string | undefined {
  if (!node) return '';
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

/**
 * Every regular expression literal, and every `RegExp(...)` / `new RegExp(...)` call, in the files.
 * A call's pattern may be a literal, or a template whose `${NAME}` parts `resolve` knows; anything
 * else is reported as unresolved, so a new dynamic pattern cannot slip past the test unseen.
 */
export function findRegexes(root: string, files: readonly string[], resolve: Resolve) {
  const found: FoundRegex[] = [];
  const unresolved: UnresolvedRegex[] = [];
  /** Zod builders called as `z.uuid()`, `z.iso.date()`: their checks run zod's own patterns. */
  const zodBuilders = new Map<string, string>();
  for (const path of files) {
    const file = relative(root, path);
    const text = readFileSync(path, 'utf8');
    const sf = ts.createSourceFile(
      path,
      text,
      ts.ScriptTarget.Latest,
      true,
      path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const where = (node: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const literal = node.getText(sf);
        const end = literal.lastIndexOf('/');
        found.push({ where: where(node), file, source: literal.slice(1, end), flags: literal.slice(end + 1) });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [patternArg, flagsArg] = node.arguments ?? [];
        const flags = literalText(flagsArg);
        let source = literalText(patternArg);
        let missing = flags === undefined ? `flags ${flagsArg?.getText(sf)}` : '';
        if (source === undefined && patternArg && ts.isTemplateExpression(patternArg)) {
          source = patternArg.head.text;
          for (const span of patternArg.templateSpans) {
            const value = ts.isIdentifier(span.expression) ? resolve(file, span.expression.text) : undefined;
            if (value === undefined) missing ||= `\${${span.expression.getText(sf)}}`;
            source += (value ?? '') + span.literal.text;
          }
        } else if (source === undefined) {
          missing ||= patternArg ? patternArg.getText(sf) : '(no pattern)';
        }
        if (missing || source === undefined || flags === undefined) {
          unresolved.push({ where: where(node), file, argument: patternArg?.getText(sf) ?? '', missing });
        } else {
          found.push({ where: where(node), file, source, flags });
        }
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const callee = node.expression.getText(sf);
        if (/^z(\.iso)?\.\w+$/.test(callee) && !zodBuilders.has(callee)) zodBuilders.set(callee, where(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { found, unresolved, zodBuilders };
}

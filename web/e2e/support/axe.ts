import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// Evaluated rather than added as a <script>: the app's CSP refuses inline scripts, as it should.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * axe-core's WCAG 2.1 A/AA checks on what the page shows now (a screen, an open dialog or drawer).
 * Answers one line per violation, naming the rule and where, so a failing test says what to fix.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: unknown) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // Only violations are read: axe then skips gathering every passing node (its documented speed option;
      // the sweeps run axe on dozens of views at three sizes).
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
}

/**
 * Resolves once no CSS animation or transition is running: a dialog or drawer fading in is judged by
 * what it looks like when it has arrived, not half-transparent on its way.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
    timeout: 10_000,
  });
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

// The accessibility check of the end-to-end suite: axe-core runs inside the page with the rules of
// WCAG 2.0 and 2.1, levels A and AA, and a violation of impact serious or critical fails.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_2_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The serious and critical WCAG 2 A/AA violations on the page as it is now. The source is
 * evaluated rather than added as a <script> element: the app's Content-Security-Policy refuses
 * inline scripts, and DevTools evaluation is not subject to it.
 */
export async function accessibilityViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_2_A_AA,
  );
  return results.violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''));
}

/**
 * One violation for a person to act on: rule, impact and help, then each element as its selector
 * with what is wrong (for color-contrast: the two colours and the ratio).
 */
export function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').replace(/Fix (any|all) of the following:/g, '').replace(/\s+/g, ' ').trim();
    return `    ${node.target.join(' ')}: ${summary}`;
  });
  return [`  ${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${violation.help}`, ...nodes].join('\n');
}

/** Fails, naming the screen and every violation, when the page has a serious or critical one. */
export async function expectAccessible(page: Page, screen: string) {
  const violations = await accessibilityViolations(page);
  if (violations.length > 0) throw new Error(`${screen}: accessibility violations (axe-core, WCAG 2 A/AA)\n${violations.map(describeViolation).join('\n')}`);
}

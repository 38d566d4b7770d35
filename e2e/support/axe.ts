import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { settleAnimations } from './browser.ts';

// The accessibility check of the end-to-end suite: axe-core runs inside the page with the rules of
// WCAG 2.0 and 2.1, levels A and AA, and a violation of impact serious or critical fails.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_2_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface View {
  width: 1280 | 375;
  colorScheme: 'light' | 'dark';
}

/** A desktop and a phone, light and dark (the app follows the system's scheme while its theme is システム). */
const EVERY_VIEW: readonly View[] = [
  { width: 1280, colorScheme: 'light' },
  { width: 1280, colorScheme: 'dark' },
  { width: 375, colorScheme: 'dark' },
  { width: 375, colorScheme: 'light' },
];
export const DESKTOP: readonly View[] = EVERY_VIEW.filter((view) => view.width === 1280);
export const PHONE: readonly View[] = EVERY_VIEW.filter((view) => view.width === 375);

/**
 * The serious and critical WCAG 2 A/AA violations on the page as it is now. The source is
 * evaluated rather than added as a <script> element: the app's Content-Security-Policy refuses
 * inline scripts, and DevTools evaluation is not subject to it.
 */
async function accessibilityViolations(page: Page): Promise<Result[]> {
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
function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').replace(/Fix (any|all) of the following:/g, '').replace(/\s+/g, ' ').trim();
    return `    ${node.target.join(' ')}: ${summary}`;
  });
  return [`  ${violation.id} (${violation.impact}, ${violation.nodes.length}×): ${violation.help}`, ...nodes].join('\n');
}

/**
 * Runs axe-core on the page in each view (the same page resized and switched, which is faster than
 * a page per view) and fails once, listing every violation under its screen and view.
 */
export async function expectAccessible(page: Page, screen: string, views = EVERY_VIEW) {
  const failures: string[] = [];
  for (const { width, colorScheme } of views) {
    await page.setViewportSize({ width, height: 800 });
    await page.emulateMedia({ colorScheme });
    // The page hears of both changes with its next frame: the theme's class follows the scheme
    // (lib/theme.ts), and components that watch the width draw their other layout in the one after.
    await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, colorScheme === 'dark');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await settleAnimations(page);
    const violations = await accessibilityViolations(page);
    if (violations.length > 0) failures.push(`${screen} at ${width} px, ${colorScheme}:\n${violations.map(describeViolation).join('\n')}`);
  }
  if (failures.length > 0) throw new Error(`accessibility violations (axe-core, WCAG 2 A/AA, serious or critical)\n\n${failures.join('\n\n')}`);
}

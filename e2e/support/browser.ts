import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

// The browser reports every 4xx answer as a console error; those are expected in tests that
// check validation and session handling. Anything else on the console fails the test.
const EXPECTED_CONSOLE_ERRORS = [/Failed to load resource: the server responded with a status of 4\d\d/];

export interface BrowserSession {
  baseUrl: string;
  /** Lets the current test produce console errors matching this pattern (an expected failing call). */
  allowConsoleError: (pattern: RegExp) => void;
  newPage: (options?: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; serviceWorkers?: 'allow' | 'block' }) => Promise<Page>;
}

/** One Chromium per test file; each newPage() is a fresh context (empty storage). */
export function useBrowser(): BrowserSession {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let consoleErrors: string[] = [];
  let allowedInTest: RegExp[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    const errors = consoleErrors;
    consoleErrors = [];
    allowedInTest = [];
    expect(errors, 'browser console errors').toEqual([]);
  });

  return {
    baseUrl,
    allowConsoleError: (pattern) => allowedInTest.push(pattern),
    async newPage({ width = 1280, height = 800, colorScheme = 'light', serviceWorkers = 'block' } = {}) {
      // The app's service worker answers API reads itself once it controls a page, where
      // page.route() no longer sees them: only the test of the installable app lets it run.
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height }, colorScheme, locale: 'ja-JP', serviceWorkers });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if ([...EXPECTED_CONSOLE_ERRORS, ...allowedInTest].some((pattern) => pattern.test(message.text()))) return;
        consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));
      return page;
    },
  };
}

/**
 * Saves a screenshot under e2e/screenshots/ (not committed) for a person to look at: the whole
 * page, or only the window (`fullPage: false`, for an open dialog, whose backdrop covers only the window).
 */
export async function saveScreenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}-${counter++}@example.test`;

/** Waits for running CSS transitions and animations (e.g. colours after a switch to dark mode) before a capture. */
export async function settleAnimations(page: Page) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

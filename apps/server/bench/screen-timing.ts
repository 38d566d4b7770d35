import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

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

interface ScreenCheck {
  /** Path of the screen, e.g. /products. */
  path: string;
  /** Texts that must all be on the page. */
  present: string[];
  /** Texts that must be gone (a loading text). */
  absent: string[];
  /** A CSS selector that must match (a lazily loaded widget), or null. */
  selector: string | null;
  /** Counts the requests whose URL contains this, or null. */
  countRequestsTo: string | null;
}

/**
 * Opens a screen signed in, four times (the first fills the browser's caches of the static
 * files), and answers the median of the last three times, in milliseconds after navigation
 * start, at which every `present` text is on the page, no `absent` text is, and `selector`
 * matches; plus how many requests went to `countRequestsTo` on the last load. Null without Chromium.
 */
export async function timeScreen(baseUrl: string, token: string, check: ScreenCheck): Promise<{ shownMs: number; requests: number } | null> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.warn(`Skipping the ${check.path} timing: no Chromium at ${CHROMIUM_PATH}`);
    return null;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ja-JP' });
    // A string: this file is compiled without the DOM library (init scripts are not subject to the CSP).
    await context.addInitScript(
      `localStorage.setItem('auth_token', ${JSON.stringify(token)}); localStorage.setItem('auth_token_data', ${JSON.stringify(JSON.stringify({ token }))});`,
    );
    const page = await context.newPage();
    let requests = 0;
    page.on('request', (request) => {
      if (check.countRequestsTo && request.url().includes(check.countRequestsTo)) requests += 1;
    });
    const times: number[] = [];
    for (let run = 0; run < 4; run++) {
      requests = 0;
      await page.goto(`${baseUrl}${check.path}`);
      // A function, not a string: the app's CSP forbids eval, and functions reach the page over the
      // DevTools protocol instead. globalThis is typed by hand since this file has no DOM library.
      const shownAt = await page.waitForFunction(
        ({ present, absent, selector }) => {
          const page = globalThis as unknown as {
            document: { body: { textContent: string | null }; querySelector(selector: string): unknown };
            performance: { now(): number };
          };
          const text = page.document.body.textContent ?? '';
          const shown =
            present.every((wanted) => text.includes(wanted)) &&
            !absent.some((unwanted) => text.includes(unwanted)) &&
            (selector === null || page.document.querySelector(selector) !== null);
          return shown ? page.performance.now() : false;
        },
        { present: check.present, absent: check.absent, selector: check.selector },
        { polling: 'raf', timeout: 30_000 },
      );
      if (run > 0) times.push((await shownAt.jsonValue()) as number);
    }
    return { shownMs: times.sort((a, b) => a - b)[1]!, requests };
  } finally {
    await browser.close();
  }
}

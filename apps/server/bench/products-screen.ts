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

/**
 * Opens 商品管理 signed in and answers when every manufacturable count is on screen (no
 * 計算中... left and the last product's row drawn), in milliseconds after navigation start, and
 * how many capacity requests the page made (the budget wants one, not one per product).
 */
export async function measureProductsScreen(baseUrl: string, token: string): Promise<{ countsShownMs: number; capacityRequests: number } | null> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.warn(`Skipping the 商品管理 timing: no Chromium at ${CHROMIUM_PATH}`);
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
    let capacityRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/manufacturing/capacity')) capacityRequests += 1;
    });
    const times: number[] = [];
    // The first load fills the browser's caches of the static files; the next three are measured.
    for (let run = 0; run < 4; run++) {
      capacityRequests = 0;
      await page.goto(`${baseUrl}/products`);
      // A function, not a string: the app's CSP forbids eval, and functions reach the page over the
      // DevTools protocol instead. globalThis is typed by hand since this file has no DOM library.
      const shownAt = await page.waitForFunction(
        () => {
          const page = globalThis as unknown as { document: { body: { textContent: string | null } }; performance: { now(): number } };
          const text = page.document.body.textContent ?? '';
          return text.includes('商品 0999') && !text.includes('計算中') ? page.performance.now() : false;
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      if (run > 0) times.push((await shownAt.jsonValue()) as number);
    }
    return { countsShownMs: times.sort((a, b) => a - b)[1]!, capacityRequests };
  } finally {
    await browser.close();
  }
}

import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { loadConfigFromEnv } from '../../src/config.ts';
import { SCREEN_OPEN_ORDERS, SCREEN_PARTS, SCREEN_PRODUCTS, SCREEN_RECIPE_LINES, SCREEN_SALES, seedScreensWorkspace, type ScreensWorkspace } from './seed-screens.ts';

// Every screen in Chromium, as a phone (375 × 812, touch, the CPU slowed 4× through DevTools'
// Emulation.setCPUThrottlingRate, Lighthouse's stand-in for a mid-range phone) and as a desktop
// (1280 × 800, full speed), in a workspace of its own (seed-screens.ts) served by the real app
// with request logging on. Each screen is opened BENCH_SCREEN_LOADS times (default 5) after one
// unmeasured load that fills the browser's caches of the static files; the table shows medians.
// "content" is the time from navigation start until the screen's own content is on the page (its
// loading texts gone), "shell" until the header with the navigation is; a search is the time from
// the keydown of a search box's last character until the list shows only what matches. A part of a
// screen that draws only as it comes near the view (the dashboard's calendar, below the alerts and
// cards) is timed apart, from scrolling to it until it shows, against the same budget.

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const LOADS = Math.max(3, Number(process.env.BENCH_SCREEN_LOADS ?? 5));
const SEARCHES = Math.max(3, Number(process.env.BENCH_SCREEN_SEARCHES ?? 5));

const BUDGET_MS = { phoneContent: 1000, desktopContent: 500, search: 100, shell: 500 };

export interface Device {
  name: string;
  viewport: { width: number; height: number };
  cpuSlowdown: number;
  mobile: boolean;
  contentBudget: number;
}
export const DEVICES: Device[] = [
  { name: 'phone 375 px, CPU 4×', viewport: { width: 375, height: 812 }, cpuSlowdown: 4, mobile: true, contentBudget: BUDGET_MS.phoneContent },
  { name: 'desktop 1280 px', viewport: { width: 1280, height: 800 }, cpuSlowdown: 1, mobile: false, contentBudget: BUDGET_MS.desktopContent },
];

interface Screen {
  title: string;
  path: string;
  /** Texts that must all be on the page. */
  present: string[];
  /** CSS selectors that must match too (a widget loaded late, a card). */
  selectors: string[];
  search?: { label: string; text: string; shown: string[] };
  /** Drawn when scrolled to: the heading of its section (scrolled to the top of the view), and the selector that shows it drawn. */
  scrolledTo?: { heading: string; shown: string };
}

/** Every loading text of the app says 読み込み中 (…を読み込み中..., 計算中 for capacities). */
const LOADING_TEXTS = ['読み込み中', '計算中'];

function screensOf(workspace: ScreensWorkspace): Screen[] {
  return [
    // A product card (its name is in the plans too). The calendar is thousands of pixels further
    // down, under 86 overdue orders and the cards: its month grid is timed when scrolled to.
    {
      title: 'ダッシュボード',
      path: '/',
      present: [workspace.firstProduct],
      selectors: ['ul[aria-label="商品一覧"] article'],
      scrolledTo: { heading: '製造カレンダー', shown: '.fc-daygrid-body' },
    },
    {
      title: '部品管理',
      path: '/parts',
      present: [workspace.firstPart, `全${SCREEN_PARTS.toLocaleString('en-US')}件`],
      selectors: [],
      search: { label: '部品検索', text: workspace.searchedPart, shown: [workspace.searchedPart, '全1件'] },
    },
    { title: '商品管理', path: '/products', present: [workspace.firstProduct, `全${SCREEN_PRODUCTS.toLocaleString('en-US')}件`], selectors: [] },
    { title: '製造計画', path: '/manufacturing', present: [workspace.firstPlanProduct], selectors: [] },
    { title: '販売管理', path: '/sales', present: [workspace.latestSaleProduct, `${SCREEN_SALES}`], selectors: [] },
    {
      title: '発注管理',
      path: '/orders',
      present: [`${(SCREEN_OPEN_ORDERS + 100).toLocaleString('en-US')}件中`],
      selectors: [],
      search: { label: '部品名で検索', text: workspace.searchedOrderPart, shown: [workspace.searchedOrderPart, '件中 1件を表示'] },
    },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** What the page exposes to the checks (this file is compiled without the DOM library). */
interface PageGlobals {
  document: { body: { textContent: string | null } | null; querySelector(selector: string): unknown; getElementsByTagName(name: string): { length: number } };
  performance: { now(): number };
  __benchShellAt?: number;
  __benchKeyAt?: number;
  __benchScrolledAt?: number;
  addEventListener(type: string, listener: () => void, options: { capture: boolean; once: boolean }): void;
}

/** Polled every animation frame from navigation on: answers the times of the shell and of the content, once both are there. */
function contentShown({ present, absent, selectors }: { present: string[]; absent: string[]; selectors: string[] }) {
  const page = globalThis as unknown as PageGlobals;
  if (!page.document.body) return false;
  if (page.__benchShellAt === undefined && page.document.querySelector('header nav, header button[aria-label="メニューを開く"]')) page.__benchShellAt = page.performance.now();
  const text = page.document.body.textContent ?? '';
  const shown = present.every((wanted) => text.includes(wanted)) && !absent.some((unwanted) => text.includes(unwanted)) && selectors.every((selector) => page.document.querySelector(selector) !== null);
  return shown && page.__benchShellAt !== undefined ? { contentMs: page.performance.now(), shellMs: page.__benchShellAt, elements: page.document.getElementsByTagName('*').length } : false;
}

/** Scrolls the heading to the top of the view and notes when. */
function scrollToHeading(text: string) {
  const page = globalThis as unknown as PageGlobals & { document: { querySelectorAll(selector: string): Iterable<{ textContent: string | null; scrollIntoView(): void }> } };
  [...page.document.querySelectorAll('h2')].find((heading) => heading.textContent === text)?.scrollIntoView();
  page.__benchScrolledAt = page.performance.now();
}

function drawnAfterScroll(selector: string) {
  const page = globalThis as unknown as PageGlobals;
  return page.document.querySelector(selector) !== null ? page.performance.now() - page.__benchScrolledAt! : false;
}

function resultShown({ shown }: { shown: string[] }) {
  const page = globalThis as unknown as PageGlobals;
  const text = page.document.body?.textContent ?? '';
  return shown.every((wanted) => text.includes(wanted)) ? page.performance.now() : false;
}

interface ScreenResult {
  contentMs: number;
  shellMs: number;
  elements: number;
  apiBytes: number;
  searchMs: number | null;
  scrolledToMs: number | null;
}

async function timeScreen(page: Page, baseUrl: string, screen: Screen): Promise<ScreenResult> {
  const contents: number[] = [];
  const shells: number[] = [];
  const scrolledTos: number[] = [];
  let elements = 0;
  let apiBytes = 0;
  for (let load = 0; load <= LOADS; load++) {
    const sizes: Array<Promise<number>> = [];
    const onFinished = (request: Request) => {
      if (request.url().includes('/api/')) sizes.push(request.sizes().then((sent) => sent.responseBodySize));
    };
    page.on('requestfinished', onFinished);
    await page.goto(`${baseUrl}${screen.path}`, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(contentShown, { present: screen.present, absent: LOADING_TEXTS, selectors: screen.selectors }, { polling: 'raf', timeout: 60_000 });
    const result = (await handle.jsonValue()) as { contentMs: number; shellMs: number; elements: number };
    await page.waitForLoadState('networkidle');
    page.off('requestfinished', onFinished);
    if (screen.scrolledTo) {
      await page.evaluate(scrollToHeading, screen.scrolledTo.heading);
      const drawn = await page.waitForFunction(drawnAfterScroll, screen.scrolledTo.shown, { polling: 'raf', timeout: 60_000 });
      if (load > 0) scrolledTos.push((await drawn.jsonValue()) as number);
    }
    if (load === 0) continue;
    contents.push(result.contentMs);
    shells.push(result.shellMs);
    elements = result.elements;
    apiBytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  }
  return {
    contentMs: median(contents),
    shellMs: median(shells),
    elements,
    apiBytes,
    searchMs: screen.search ? await timeSearch(page, screen.search) : null,
    scrolledToMs: screen.scrolledTo ? median(scrolledTos) : null,
  };
}

/** Types all but the last character, lets the list settle, then times the last keystroke. */
async function timeSearch(page: Page, search: NonNullable<Screen['search']>): Promise<number> {
  const box = page.getByLabel(search.label);
  const times: number[] = [];
  for (let run = 0; run <= SEARCHES; run++) {
    await box.fill(search.text.slice(0, -1));
    await page.waitForTimeout(500);
    await box.evaluate(() => {
      const page = globalThis as unknown as PageGlobals;
      page.__benchKeyAt = undefined;
      page.addEventListener('keydown', () => (page.__benchKeyAt = page.performance.now()), { capture: true, once: true });
    });
    await box.press(search.text.slice(-1));
    const shownAt = (await (await page.waitForFunction(resultShown, { shown: search.shown }, { polling: 'raf', timeout: 30_000 })).jsonValue()) as number;
    const keyAt = await page.evaluate(() => (globalThis as unknown as PageGlobals).__benchKeyAt ?? Number.NaN);
    if (run > 0) times.push(shownAt - keyAt);
    await box.fill('');
  }
  return median(times);
}

/** Size of an API answer as JSON and as the server sends it gzip'd (@fastify/compress). */
function answerSize(url: string, token: string): Promise<{ raw: number; sentGzip: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const sent = Buffer.concat(chunks);
          const raw = response.headers['content-encoding'] === 'gzip' ? gunzipSync(sent) : sent;
          resolve({ raw: raw.length, sentGzip: sent.length });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const pass = (ms: number, budget: number) => (ms <= budget ? 'ok' : 'OVER');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function startApp(env: NodeJS.ProcessEnv, logFile: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const { scripts } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { scripts: { start: string } };
  const flags = scripts.start.split(/\s+/).filter((word) => word.startsWith('--') && word.includes('='));
  return new Promise((resolve, reject) => {
    const child = fork(path.join(import.meta.dirname, '../app-server.ts'), { env, execArgv: [...flags, '--import', 'tsx'], stdio: ['ignore', openSync(logFile, 'a'), 'inherit', 'ipc'] });
    child.once('message', (message: { port: number }) =>
      resolve({
        port: message.port,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      }),
    );
    child.once('exit', (code) => reject(new Error(`app-server.ts exited with ${code}`)));
  });
}

/** A fresh SQLite file with the workspace of seed-screens.ts, served by the real app. */
export async function startScreensApp(): Promise<{ baseUrl: string; workspace: ScreensWorkspace; stop: () => Promise<void> }> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'inventory-screens-'));
  const env = { ...process.env, DATABASE_URL: `sqlite:${path.join(workDir, 'screens.db')}`, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123' };
  try {
    const workspace = await seedScreensWorkspace(loadConfigFromEnv(env));
    const app = await startApp(env, path.join(workDir, 'app.log'));
    return {
      baseUrl: `http://127.0.0.1:${app.port}`,
      workspace,
      stop: async () => {
        await app.stop();
        rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}

/** A page of a new browser context as the device, signed in to the workspace, its CPU slowed as the device's. */
export async function openAs(browser: Browser, device: Device, token: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: device.viewport,
    locale: 'ja-JP',
    isMobile: device.mobile,
    hasTouch: device.mobile,
    deviceScaleFactor: device.mobile ? 2 : 1,
    // Answers that pass through the app's service worker report no body size: without it the
    // API-bytes column reads what was sent (the static files still come from the HTTP cache).
    serviceWorkers: 'block',
  });
  await context.addInitScript(
    `localStorage.setItem('auth_token', ${JSON.stringify(token)}); localStorage.setItem('auth_token_data', ${JSON.stringify(JSON.stringify({ token }))});`,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: device.cpuSlowdown });
  return page;
}

export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

/** Seeds the workspace, starts the app and times every screen; prints the table. */
export async function runScreensBench(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.warn(`Skipping the screens: no Chromium at ${CHROMIUM_PATH}`);
    return;
  }
  const app = await startScreensApp();
  let browser: Browser | null = null;
  try {
    const { baseUrl, workspace } = app;
    // BENCH_SCREEN_PATHS=/,/parts times only those screens (while working on one of them).
    const only = process.env.BENCH_SCREEN_PATHS?.split(',');
    const screens = screensOf(workspace).filter((screen) => !only || only.includes(screen.path));
    browser = await launchChromium();
    const results = new Map<string, Map<string, ScreenResult>>();
    for (const device of DEVICES) {
      const page = await openAs(browser, device, workspace.token);
      const byScreen = new Map<string, ScreenResult>();
      for (const screen of screens) byScreen.set(screen.title, await timeScreen(page, baseUrl, screen));
      results.set(device.name, byScreen);
      await page.context().close();
    }
    const parts = await answerSize(`${baseUrl}/api/parts`, workspace.token);
    console.log(
      `\nScreens in Chromium (${SCREEN_PARTS.toLocaleString('en-US')} parts, ${SCREEN_PRODUCTS.toLocaleString('en-US')} products × ${SCREEN_RECIPE_LINES} recipe lines, ${SCREEN_OPEN_ORDERS} open orders, ${SCREEN_SALES} sales), medians of ${LOADS} loads and ${SEARCHES} searches, on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
    );
    console.log('| screen | device | shell ms | content ms | budget | | search ms | budget | | elements | API bytes |');
    console.log('|---|---|---:|---:|---:|---|---:|---:|---|---:|---:|');
    for (const device of DEVICES) {
      for (const screen of screens) {
        const result = results.get(device.name)!.get(screen.title)!;
        const shell = device.cpuSlowdown > 1 ? `${result.shellMs.toFixed(0)} ${pass(result.shellMs, BUDGET_MS.shell)}` : result.shellMs.toFixed(0);
        const search =
          result.searchMs === null ? '| – | | ' : device.cpuSlowdown > 1 ? `| ${result.searchMs.toFixed(0)} | ≤ ${BUDGET_MS.search} | ${pass(result.searchMs, BUDGET_MS.search)} ` : `| ${result.searchMs.toFixed(0)} | | `;
        console.log(
          `| ${screen.title} | ${device.name} | ${shell} | ${result.contentMs.toFixed(0)} | ≤ ${device.contentBudget} | ${pass(result.contentMs, device.contentBudget)} ${search}| ${result.elements} | ${kb(result.apiBytes)} |`,
        );
      }
    }
    for (const screen of screens.filter((candidate) => candidate.scrolledTo)) {
      const times = DEVICES.map((device) => {
        const ms = results.get(device.name)!.get(screen.title)!.scrolledToMs!;
        return `${device.name} ${ms.toFixed(0)} ms (≤ ${device.contentBudget} ${pass(ms, device.contentBudget)})`;
      });
      console.log(`${screen.title}'s ${screen.scrolledTo!.heading} from scrolling to it until drawn: ${times.join(', ')}`);
    }
    console.log(`Shell budget (phone, 4×): ≤ ${BUDGET_MS.shell} ms. GET /api/parts (${SCREEN_PARTS.toLocaleString('en-US')} parts): ${kb(parts.raw)} JSON, ${kb(parts.sentGzip)} as sent gzip'd`);
  } finally {
    await browser?.close();
    await app.stop();
  }
}

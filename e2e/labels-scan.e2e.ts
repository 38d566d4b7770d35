import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, signUp } from './support/accounts.ts';
import { ApiSession } from './support/api-session.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { decodeQrIn, renderPdf, y4mOfPng } from './support/label-images.ts';
import { localToday, openParts } from './support/parts-setup.ts';

// Labels, scanning and the installable app: the label page printed to PDF with its QR codes
// decoded from the rendered pages; a label played to Chromium's fake camera opening its part and
// receiving stock; a keyboard-wedge reader; the service worker serving the shell offline.

const browser = useBrowser();

interface SeededPart {
  id: number;
  name: string;
  current_stock: number;
}

async function signedUpWithParts(page: Page) {
  const email = uniqueEmail('labels');
  await signUp(page, { name: 'ラベル担当', email });
  const api = await ApiSession.of(page);
  const screw = await api.post<SeededPart>('/parts', { name: 'なべ小ねじ M3×10 ステンレス 100本入り', unit: '本', part_number: 'M3-10', barcode: '4901234567894', current_stock: 20 });
  const led = await api.post<SeededPart>('/parts', { name: 'LED 赤 5mm', unit: '個', part_number: 'LED-R5' });
  const plug = await api.post<SeededPart>('/parts', { name: 'DCジャック', barcode: 'DC-JACK-21' });
  await api.post(`/parts/${screw.id}/stock-entry`, { quantity: 7, unit_price: 3.5, entry_date: localToday() });
  return { email, api, screw: { ...screw, current_stock: 27 }, led, plug };
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

describe('labels', () => {
  it('prints the chosen parts on A4 24-up stock at the stock’s millimetres, each QR code holding APP_URL/s/part/{id}', async () => {
    const page = await browser.newPage();
    const { screw, led, plug } = await signedUpWithParts(page);
    const parts = await openParts(page);
    await parts.rowAction(led.name, 'ラベル印刷');
    await page.getByRole('heading', { name: 'ラベル印刷' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?parts=${led.id}`);

    await page.goto(`/labels?parts=${screw.id},${led.id},${plug.id}`);
    await page.getByLabel('用紙', { exact: true }).selectOption('a4-24');
    await page.getByLabel(/開始位置/).fill('2');
    await page.getByLabel('1件あたりの枚数').fill('2');
    await page.getByTestId('label-print-area').locator('svg[aria-label^="QRコード"]').nth(5).waitFor();
    await saveScreenshot(page, 'labels-a4-24');

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const dpi = 200;
    const [sheet, ...more] = renderPdf(pdf, dpi);
    expect(more).toEqual([]);
    expect(Math.abs(sheet!.width - (210 / 25.4) * dpi)).toBeLessThan(2);
    // 3 × 8 labels of 70 × 33.9 mm from 12.9 mm down; position 1 left empty, then two of each.
    const codeAt = (position: number) => {
      const index = position - 1;
      return decodeQrIn(sheet!, dpi, { left: (index % 3) * 70, top: 12.9 + Math.floor(index / 3) * 33.9, width: 36, height: 33.9 });
    };
    const base = browser.baseUrl;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(codeAt)).toEqual([
      null,
      `${base}/s/part/${screw.id}`,
      `${base}/s/part/${screw.id}`,
      `${base}/s/part/${led.id}`,
      `${base}/s/part/${led.id}`,
      `${base}/s/part/${plug.id}`,
      `${base}/s/part/${plug.id}`,
      null,
    ]);
  });

  it('draws 500 labels within 2 s of their data, and refuses more than 1,000 or none', async () => {
    const page = await browser.newPage();
    await signUp(page, { name: '大量ラベル', email: uniqueEmail('labels-500') });
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    const csv = ['部品名,単位,単価,現在在庫,最小在庫アラート,バーコード', ...Array.from({ length: 500 }, (_, i) => `部品${i},個,1,1,0,${i % 2 === 0 ? `CODE-${i}` : ''}`)].join('\n');
    const imported = await page.request.post('/api/parts/import/csv', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { csv: { name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(imported.ok(), await imported.text()).toBe(true);
    const parts = (await (await page.request.get('/api/parts', { headers: { authorization: `Bearer ${token}` } })).json()) as SeededPart[];
    // From the answer of POST /labels to the 500 labels drawn: the wall time is logged, and the
    // main thread's CPU time (thread ticks, which other processes on a busy machine do not
    // inflate) is held to the 2 s the page may take.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const taskSeconds = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/labels'));
    await page.goto(`/labels?parts=${parts.map((part) => part.id).join(',')}`);
    await answered;
    const [started, cpuBefore] = [await page.evaluate(() => performance.now()), await taskSeconds()];
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="label-print-area"] svg[aria-label^="QRコード"]').length === 500, undefined, { polling: 'raf' });
    const drawn = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
    const cpu = (await taskSeconds()) - cpuBefore;
    console.info(`500 labels drawn ${Math.round(drawn - started)} ms after their data, ${Math.round(cpu * 1000)} ms of main-thread CPU`);
    expect(cpu).toBeLessThan(2);

    await page.goto(`/labels?parts=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`);
    await page.getByText('ラベルは一度に1,000件まで印刷できます').waitFor();
    await page.goto('/labels');
    await page.getByText('ラベルを印刷する部品・商品を選択してください').waitFor();
  });
});

describe('scanning', () => {
  it('reads a printed label through the camera, opens its part and receives stock prefilled from the last receipt', async () => {
    const page = await browser.newPage();
    const { email, api, screw } = await signedUpWithParts(page);
    // The label as printed on a 62 mm roll, captured as the camera would see it.
    await page.goto(`/labels?parts=${screw.id}`);
    await page.getByLabel('用紙', { exact: true }).selectOption('roll-62');
    const label = page.getByTestId('label-print-area').locator('section').first();
    const png = await label.screenshot({ scale: 'css' });
    const dir = mkdtempSync(path.join(tmpdir(), 'labels-camera-'));
    const video = path.join(dir, 'label.y4m');
    y4mOfPng(png, video);

    const cameraBrowser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const context = await cameraBrowser.newContext({ baseURL: browser.baseUrl, viewport: { width: 375, height: 800 }, locale: 'ja-JP', serviceWorkers: 'block' });
      await context.grantPermissions(['camera'], { origin: browser.baseUrl });
      const phone = await context.newPage();
      const errors: string[] = [];
      phone.on('pageerror', (error) => errors.push(error.message));
      await signIn(phone, email);
      await phone.goto('/scan');
      const sheet = phone.getByRole('dialog', { name: screw.name });
      await sheet.getByRole('button', { name: '詳細' }).waitFor({ timeout: 20_000 });
      await expect(sheet.getByTestId('scanned-stock').textContent()).resolves.toContain('在庫 27本');
      await saveScreenshot(phone, 'scan-sheet-375', { fullPage: false });
      await sheet.getByRole('button', { name: '入荷' }).click();
      await expect(sheet.getByLabel('数量').inputValue()).resolves.toBe('7');
      await expect(sheet.getByLabel('単価（円）').inputValue()).resolves.toBe('3.5');
      await sheet.getByRole('button', { name: '入荷を登録' }).click();
      await phone.getByText(`「${screw.name}」を7本入荷しました（在庫: 34本）`).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await cameraBrowser.close();
    }
    expect((await api.get<SeededPart>(`/parts/${screw.id}`)).current_stock).toBe(34);
  });

  it('takes a keyboard-wedge reader on the scan screen and in the parts search, and says why the camera is unavailable', async () => {
    const page = await browser.newPage({ width: 375 });
    const { api, screw, led, plug } = await signedUpWithParts(page);
    await page.goto('/scan');
    await page.getByRole('heading', { name: 'スキャン' }).waitFor();
    await saveScreenshot(page, 'scan-375');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.type('DC-JACK-21', { delay: 5 });
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: plug.name });
    await sheet.getByRole('button', { name: '詳細' }).waitFor();
    await sheet.getByRole('button', { name: '在庫を数える' }).click();
    await sheet.getByLabel(/数えた数/).fill('12');
    await sheet.getByRole('button', { name: '数を記録' }).click();
    await page.getByText(`「${plug.name}」の在庫を12個にしました`).waitFor();
    expect((await api.get<SeededPart>(`/parts/${plug.id}`)).current_stock).toBe(12);
    await sheet.getByRole('button', { name: '閉じる' }).click();

    // An unknown code answers in Japanese.
    await page.keyboard.type('NO-SUCH-CODE', { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByText('このコードの部品・商品は見つかりません').waitFor();

    // A label opened by the phone's own camera app: /s/part/{id}.
    await page.goto(`/s/part/${led.id}`);
    await page.getByRole('dialog', { name: led.name }).getByRole('button', { name: '在庫を数える' }).waitFor();

    // In 部品管理's search a reader types the barcode, or the label's URL.
    await page.goto('/parts');
    const search = page.getByRole('searchbox').first();
    await search.fill('4901234567894');
    await page.getByText('全1件').waitFor();
    await search.fill(`${browser.baseUrl}/s/part/${screw.id}`);
    await page.getByText('全1件').waitFor();
  });
});

describe('installable app', () => {
  it('has a manifest and a service worker that Chromium accepts for installing, and opens offline with the last data', async () => {
    const page = await browser.newPage({ serviceWorkers: 'allow' });
    const { led } = await signedUpWithParts(page);
    await page.goto('/parts');
    await page.getByText(led.name).first().waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Reloaded under the worker's control, so the parts list answer is kept for offline use.
    await page.reload();
    await page.getByText(led.name).first().waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; display: string; start_url: string; icons: Array<{ sizes: string; purpose: string }> };
    expect(manifest).toMatchObject({ name: '在庫・製造管理', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    // Chromium checks installability only outside incognito profiles, which every new context is:
    // the check runs in a profile of its own.
    const profile = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'labels-profile-')), {
      executablePath: chromiumPath,
      args: chromiumArgs,
      baseURL: browser.baseUrl,
    });
    try {
      const installPage = profile.pages()[0] ?? (await profile.newPage());
      await installPage.goto('/login');
      await installPage.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await profile.newCDPSession(installPage);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await profile.close();
    }

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText('オフラインです').waitFor();
    await page.getByText(led.name).first().waitFor();
    await saveScreenshot(page, 'offline-parts');
    await page.context().setOffline(false);
  });
});

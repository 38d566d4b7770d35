import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { AnnouncementBanners } from './pages/console-page.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { PartsPage } from './pages/parts-page.ts';
import { ProductsPage } from './pages/products-page.ts';
import { PASSWORD, signUp } from './support/accounts.ts';
import { ApiSession } from './support/api-session.ts';
import { saveScreenshot, useBrowser } from './support/browser.ts';
import { proveAddressByResetMail } from './support/mail-and-identity.ts';

// Stored HTML is shown as text: names, notes and an announcement holding markup that would run
// script if the page inserted it as HTML. The server stores them as sent (input-fuzz.test.ts);
// here the browser must show the characters and run nothing.

const browser = useBrowser();

/** Sets window.__xss when inserted as HTML (the image fails to load, onerror runs). */
const IMG = '<img src=x onerror=window.__xss=1>';
/** Sets window.__xss when inserted as HTML into a fresh document, or when written into an attribute unescaped. */
const SCRIPT = '<script>window.__xss=2</script>"><svg onload=window.__xss=3>';

/** Whether anything ran, and whether the markup became elements instead of text. */
async function injected(page: Page) {
  return page.evaluate(() => ({
    ran: (window as unknown as { __xss?: unknown }).__xss,
    elements: document.querySelectorAll('img[src="x"], [onerror], [onload]').length,
  }));
}

describe('stored HTML', () => {
  let cleanUp = async () => {};
  afterAll(async () => {
    // The run's other files share this server: the announcement would show on all their pages.
    await cleanUp();
  });

  it('is shown as text on the parts list, the products list, the dashboard and in an announcement, and never runs', async () => {
    const email = inject('spareSuperAdminEmail');
    const page = await browser.newPage();
    await signUp(page, { name: IMG, email });
    // A listed address is a super admin once proven through the reset mail (only a super admin can
    // publish an announcement); the reset ends the page's session, so it takes the new one.
    const proven = await proveAddressByResetMail(browser.baseUrl, email, PASSWORD);
    await page.evaluate((token) => localStorage.setItem('auth_token', token), proven);
    await page.reload();

    const api = await ApiSession.of(page);
    const part = await api.post<{ id: number }>('/parts', { name: IMG, part_number: SCRIPT, category: IMG, current_stock: 10, min_stock_alert: 20 });
    const product = await api.post<{ id: number }>('/products', { name: IMG, part_number: SCRIPT, selling_price: 1000, current_stock: 3 });
    await api.post(`/products/${product.id}/recipe`, { recipes: [{ part_id: part.id, quantity_required: 2 }] });
    await api.post(`/products/${product.id}/sell`, { quantity: 1, unit_price: 1000, sale_date: new Date().toISOString().slice(0, 10), notes: SCRIPT });
    const announcement = await api.post<{ id: number }>('/management-console/announcements', { title: IMG, content: `${SCRIPT}\n${IMG}`, type: 'warning' });
    // After the test the page is closed: the clean-up calls the API itself.
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    cleanUp = async () => {
      const response = await fetch(`${browser.baseUrl}/api/management-console/announcements/${announcement.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
    };

    // Dashboard: the announcement banner (title and content), the product and the low-stock part.
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    const banner = new AnnouncementBanners(page).banner(IMG);
    await banner.waitFor();
    expect(await banner.innerText()).toContain(SCRIPT);
    await page.getByText(IMG, { exact: true }).first().waitFor();
    await saveScreenshot(page, 'xss-dashboard');
    expect(await injected(page)).toEqual({ ran: undefined, elements: 0 });

    // Parts list: the name (cut to 13 characters on screen, whole in the title), part number and category.
    const parts = new PartsPage(page);
    await parts.open();
    await parts.waitForList();
    const row = parts.row(IMG);
    await row.waitFor();
    const rowText = await row.innerText();
    expect(rowText).toContain(`${IMG.slice(0, 13)}...`);
    expect(rowText).toContain(SCRIPT);
    expect(await injected(page)).toEqual({ ran: undefined, elements: 0 });

    // Products list: the name and its part number.
    const products = new ProductsPage(page);
    await products.open();
    const productRow = products.row(IMG);
    await productRow.waitFor();
    expect(await productRow.innerText()).toContain(SCRIPT);
    await saveScreenshot(page, 'xss-products');
    expect(await injected(page)).toEqual({ ran: undefined, elements: 0 });
  });
});

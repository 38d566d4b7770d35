import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell } from './pages/auth-pages.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { openParts, signUpForParts } from './support/parts-setup.ts';

const browser = useBrowser();

/** Adds a part through the form, which shows the success toast; answers the toast. */
async function showToast(page: Page) {
  await signUpForParts(page, { name: '通知担当', email: uniqueEmail('toasts') });
  const parts = await openParts(page);
  await page.getByRole('button', { name: '部品を追加' }).click();
  const dialog = await parts.waitForDialog('部品を追加');
  await parts.fillPartForm({ 部品名: 'トースト確認用' });
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
  const toast = parts.toast('部品「トースト確認用」を追加しました');
  await toast.waitFor();
  // Checked where it rests, once it has slid in (0.4 s).
  await toast.and(page.locator('[data-mounted="true"]')).waitFor();
  await page.waitForTimeout(500);
  return toast;
}

/** Nothing lies over the middle of the control: a click there reaches it. */
async function expectUncovered(control: Locator) {
  const cover = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top && element.contains(top) ? null : (top?.outerHTML.slice(0, 120) ?? 'nothing');
  });
  expect(cover, 'what covers the control').toBeNull();
}

/** The new account is unverified: its verification bar, right under the navigation, stays free, and the toast sits below it. */
async function expectVerificationBarUncovered(page: Page, toast: Locator) {
  const bar = page.getByRole('region', { name: 'メールアドレスの認証' });
  await expectUncovered(bar.getByRole('button', { name: '認証メールを再送信' }));
  await expectUncovered(bar.getByRole('button', { name: '閉じる' }));
  const barBottom = await bar.evaluate((element) => element.getBoundingClientRect().bottom);
  const toastTop = await toast.evaluate((element) => element.closest('[data-sonner-toast]')!.getBoundingClientRect().top);
  expect(toastTop).toBeGreaterThanOrEqual(barBottom);
}

describe('toasts', () => {
  it('leave the user menu and the theme toggle free on a desktop', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    const toast = await showToast(page);
    await saveScreenshot(page, 'toast-desktop-light');
    const shell = new AppShell(page);
    await expectUncovered(page.getByRole('button', { name: /^テーマ切り替え/ }));
    await expectUncovered(shell.userMenuButton());
    await expectVerificationBarUncovered(page, toast);
    // Well before the toast's 5 seconds are over.
    await shell.userMenuButton().click({ timeout: 1000 });
    await page.getByRole('menuitem', { name: 'ログアウト', exact: true }).waitFor();
    expect(await toast.isVisible()).toBe(true);
  });

  it('leave the menu button free on a phone (375 px)', async () => {
    const page = await browser.newPage({ width: 375, height: 740 });
    const toast = await showToast(page);
    await saveScreenshot(page, 'toast-mobile-light');
    const menuButton = page.getByRole('button', { name: 'メニューを開く' });
    await expectUncovered(page.getByRole('button', { name: /^テーマ切り替え/ }));
    await expectUncovered(menuButton);
    await expectVerificationBarUncovered(page, toast);
    await menuButton.click({ timeout: 1000 });
    await page.getByRole('button', { name: 'メニューを閉じる' }).waitFor();
    expect(await toast.isVisible()).toBe(true);
  });
});

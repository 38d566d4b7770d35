import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AccountMenu, toast } from './pages/account-pages.ts';
import { LoginPage } from './pages/auth-pages.ts';
import { PASSWORD, signIn, signUp } from './support/accounts.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const NEW_PASSWORD = 'new-password-456';
const SESSION_EXPIRED = 'セッションが期限切れです。再度ログインしてください。';

/** A device whose session was ended elsewhere: its next call sends it to /login with the message. */
async function expectSentToLogin(page: Page) {
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '部品管理' }).click();
  await page.waitForURL('**/login');
  await page.getByText(SESSION_EXPIRED, { exact: true }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
}

describe('account safety', () => {
  it('パスワード変更: the current password is checked, other devices are signed out, then only the new one signs in', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('password');
    await signUp(page, { name: '変更太郎', email });
    const otherDevice = await browser.newPage();
    await signIn(otherDevice, email);

    const menu = new AccountMenu(page);
    await menu.choose('パスワード変更');
    const dialog = menu.dialog('パスワード変更');
    await dialog.getByRole('heading', { name: 'パスワード変更' }).waitFor();
    await dialog.getByText('変更すると、この端末以外のすべての端末でログアウトされます。').waitFor();

    // The browser's own check, then the server's refusal of a wrong current password.
    await menu.changePassword(dialog, { current: PASSWORD, next: NEW_PASSWORD, confirm: 'something-else' });
    await dialog.getByText('新しいパスワードが一致しません', { exact: true }).waitFor();
    await menu.changePassword(dialog, { current: 'not-my-password', next: NEW_PASSWORD });
    await dialog.getByRole('alert').getByText('現在のパスワードが正しくありません', { exact: true }).waitFor();
    expect(await dialog.getByRole('heading', { name: 'パスワード変更' }).isVisible()).toBe(true);
    await saveScreenshot(page, 'change-password-refused-desktop-light', { fullPage: false });
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'change-password-refused-mobile-light', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Success: both lines of the toast; the dialog closes; this device stays signed in.
    await menu.changePassword(dialog, { current: PASSWORD, next: NEW_PASSWORD });
    await toast(page, 'パスワードを変更しました').waitFor();
    await toast(page, 'ほかの端末ではログアウトされました').waitFor();
    await dialog.getByRole('heading', { name: 'パスワード変更' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'アカウント設定', level: 1 }).waitFor();

    // The other device's session has ended.
    await expectSentToLogin(otherDevice);

    // The old password no longer signs in; the new one does.
    await menu.logout();
    await page.waitForURL('**/login');
    const login = new LoginPage(page);
    await login.signIn(email, PASSWORD);
    await page.getByRole('alert').getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
    await login.signIn(email, NEW_PASSWORD);
    await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
  });

  it('すべての端末からログアウト ends every session, another browser’s too', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('everywhere');
    await signUp(page, { name: '全端末花子', email });
    const otherDevice = await browser.newPage({ width: 375, colorScheme: 'dark' });
    await signIn(otherDevice, email);

    // Asked first; キャンセル changes nothing.
    const menu = new AccountMenu(page);
    await menu.choose('すべての端末からログアウト');
    const dialog = menu.dialog('すべての端末からログアウト');
    await dialog.getByText('この端末を含む、ログイン中のすべての端末からログアウトします。続けるにはもう一度ログインが必要です。').waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.getByRole('heading').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'アカウント設定', level: 1 }).waitFor();

    // On a phone, from the mobile menu's アカウント設定 (this capture in dark mode).
    await otherDevice.getByRole('button', { name: 'メニューを開く' }).click();
    await otherDevice.getByRole('link', { name: 'アカウント設定' }).click();
    await otherDevice.getByRole('heading', { name: 'アカウント設定', level: 1 }).waitFor();
    await otherDevice.getByRole('button', { name: 'すべての端末からログアウト' }).click();
    const mobileDialog = otherDevice.getByRole('dialog', { name: 'すべての端末からログアウト' });
    await mobileDialog.getByRole('heading', { name: 'すべての端末からログアウト' }).waitFor();
    await saveScreenshot(otherDevice, 'logout-all-dialog-mobile-dark', { fullPage: false });
    await mobileDialog.getByRole('button', { name: 'キャンセル' }).click();
    await mobileDialog.getByRole('heading').waitFor({ state: 'detached' });

    await menu.choose('すべての端末からログアウト');
    await dialog.getByRole('button', { name: 'ログアウト', exact: true }).click();
    await page.waitForURL('**/login');
    await toast(page, 'すべての端末からログアウトしました').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    // The phone's next call finds its session ended.
    await otherDevice.setViewportSize({ width: 1280, height: 800 });
    await expectSentToLogin(otherDevice);
  });
});

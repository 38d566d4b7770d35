import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../apps/server/src/app.ts';
import { baseTestConfig } from '../apps/server/test/helpers/base-test-config.ts';
import { AccountMenu, toast } from './pages/account-pages.ts';
import { AccountSettingsPage, ForgotPasswordPage, ResetPasswordPage, SecondStepForm } from './pages/account-recovery-pages.ts';
import { LoginPage } from './pages/auth-pages.ts';
import { PASSWORD, signIn, signUp } from './support/accounts.ts';
import { saveScreenshot, settleAnimations, uniqueEmail, useBrowser } from './support/browser.ts';
import { resetLink, waitForResetMails } from './support/mail-and-identity.ts';
import { freePort } from './support/test-services.ts';

const browser = useBrowser();
const SESSION_EXPIRED = 'セッションが期限切れです。再度ログインしてください。';

const dashboardHeading = (page: Page) => page.getByRole('heading', { name: 'ダッシュボード', level: 1 });

/** Light and dark captures at the width the page has now (the theme follows the system's scheme). */
async function captureBothSchemes(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  // From the top: scrolled, the sticky top bar would be drawn in the middle of a full-page capture.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The buttons' colours fade in: the capture waits for them.
    await settleAnimations(page);
    await saveScreenshot(page, `${name}-${width}-${colorScheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('パスワードをお忘れの方', () => {
  it('from /login to the mail, its link, a new password and the dashboard; the old password and sessions end', async () => {
    const email = uniqueEmail('forgot');
    const otherDevice = await browser.newPage();
    await signUp(otherDevice, { name: '忘れ花子', email });

    const page = await browser.newPage();
    await new LoginPage(page).open();
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    const forgot = new ForgotPasswordPage(page);
    await page.getByRole('heading', { name: 'パスワードの再設定' }).waitFor();
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await captureBothSchemes(page, 'forgot-password');
    }
    await forgot.request(email);
    await forgot.sent().waitFor();
    await saveScreenshot(page, 'forgot-password-sent-1280-light');

    const [mail] = await waitForResetMails(email, 1);
    expect(mail!.text).toContain('忘れ花子 様');
    const reset = new ResetPasswordPage(page);
    await reset.open(resetLink(mail!));
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await captureBothSchemes(page, 'reset-password');
    }
    // The browser's own check first.
    await reset.setPassword('new-password-789', 'something-else');
    await page.getByText('パスワードが一致しません', { exact: true }).waitFor();
    await reset.setPassword('new-password-789');
    await dashboardHeading(page).waitFor();

    // The link is used up; the other device's session has ended.
    await reset.open(resetLink(mail!));
    await reset.setPassword('another-password-1');
    await page.getByRole('alert').getByText('再設定リンクが無効か期限切れです。もう一度パスワードの再設定をお申し込みください').waitFor();
    await otherDevice.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '部品管理' }).click();
    await otherDevice.waitForURL('**/login');
    await otherDevice.getByText(SESSION_EXPIRED, { exact: true }).waitFor();

    // Only the new password signs in.
    const login = new LoginPage(otherDevice);
    await login.signIn(email, PASSWORD);
    await otherDevice.getByRole('alert').getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
    await login.signIn(email, 'new-password-789');
    await dashboardHeading(otherDevice).waitFor();
  });
});

describe('二段階認証', () => {
  it('is turned on by reading the key beside the QR code, and then a sign-in asks for a code', async () => {
    const email = uniqueEmail('totp');
    const page = await browser.newPage();
    await signUp(page, { name: '認証太郎', email });
    const settings = new AccountSettingsPage(page);
    await settings.openFromMenu();
    const secret = await settings.startTotpSetup();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await captureBothSchemes(page, 'account-totp-setup');
    }
    await settings.confirmTotp(await generate({ secret }));
    await toast(page, '二段階認証を有効にしました').waitFor();
    expect(await settings.recoveryCodes().count()).toBe(10);
    await saveScreenshot(page, 'account-recovery-codes-1280-light');
    await page.getByRole('button', { name: '保存しました' }).click();
    await settings.section('二段階認証（認証アプリ）').getByText('リカバリーコード残り 10 件').waitFor();

    await new AccountMenu(page).logout();
    await page.waitForURL('**/login');
    await new LoginPage(page).signIn(email, PASSWORD);
    await page.getByLabel('確認コード').waitFor();
    await saveScreenshot(page, 'login-second-step-1280-light');
    const step = new SecondStepForm(page);
    await step.enter('000000');
    await page.getByRole('alert').getByText('確認コードが正しくありません').waitFor();
    // The code of the next 30-second step (the one that turned TOTP on cannot be used again).
    await step.enter(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await dashboardHeading(page).waitFor();
  });
});

describe('パスキー (Chromium virtual authenticator)', () => {
  // WebAuthn needs a relying party ID that is a host name, never an IP address: this app runs on
  // http://localhost (a secure context), with a database of its own.
  let app: FastifyInstance;
  let appUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    const port = await freePort();
    appUrl = `http://localhost:${port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-e2e-passkeys-'));
    app = await buildApp(
      baseTestConfig(`sqlite:${path.join(dataDir, 'app.db')}`, { webDistDir: path.resolve(import.meta.dirname, '../apps/web/dist'), appUrl }),
    );
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A page with a platform authenticator that holds discoverable credentials and verifies the user. */
  async function pageWithAuthenticator(width: number) {
    const page = await browser.newPage({ width, height: 900 });
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable');
    await devtools.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    return page;
  }

  for (const width of [1280, 375]) {
    it(`registers a passkey in アカウント設定 and signs in with it, no e-mail typed (${width} px)`, async () => {
      const page = await pageWithAuthenticator(width);
      const email = uniqueEmail(`passkey-${width}`);
      await page.goto(`${appUrl}/register`);
      await page.getByLabel('名前').fill('指紋 花子');
      await page.getByLabel('メールアドレス').fill(email);
      await page.getByLabel('パスワード').fill(PASSWORD);
      await page.getByRole('button', { name: '登録', exact: true }).click();
      await dashboardHeading(page).waitFor();

      const settings = new AccountSettingsPage(page);
      await page.goto(`${appUrl}/account`);
      await settings.heading().waitFor();
      await settings.addPasskey();
      await page.locator('[data-sonner-toaster]').getByText(/^パスキー「Chrome \d+ \/ Linux」を登録しました$/).waitFor();
      await expect.poll(() => settings.passkeys().count()).toBe(1);
      await captureBothSchemes(page, 'account-passkeys');

      // Signed out, then back in with the passkey alone.
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${appUrl}/login`);
      await page.getByRole('button', { name: 'パスキーでログイン' }).waitFor();
      await captureBothSchemes(page, 'login-with-passkey');
      await page.getByRole('button', { name: 'パスキーでログイン' }).click();
      await dashboardHeading(page).waitFor();

      // The passkey's last use and this device show in アカウント設定.
      await page.goto(`${appUrl}/account`);
      await settings.heading().waitFor();
      await settings.passkeys().first().getByText(/最終使用: \d{4}年/).waitFor();
      await settings.devices().filter({ hasText: 'この端末' }).getByText(/Chrome \d+ \/ Linux/).waitFor();
    });
  }

  it('a sign-in without any passkey for the site is refused in Japanese', async () => {
    const page = await pageWithAuthenticator(1280);
    browser.allowConsoleError(/./);
    await page.goto(`${appUrl}/login`);
    await page.getByRole('button', { name: 'パスキーでログイン' }).click();
    await page.getByRole('alert').getByText(/パスキー/).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });
});

describe('ログイン中の端末', () => {
  it('lists this device and another, and signs the other one out', async () => {
    const email = uniqueEmail('devices');
    const page = await browser.newPage();
    await signUp(page, { name: '端末一郎', email });
    const phone = await browser.newPage({ width: 375 });
    await signIn(phone, email);

    const settings = new AccountSettingsPage(page);
    await settings.openFromMenu();
    await expect.poll(() => settings.devices().count()).toBe(2);
    await settings.devices().filter({ hasText: 'この端末' }).waitFor();
    const other = settings.devices().filter({ hasNotText: 'この端末' });
    await other.getByRole('button').click();
    await toast(page, '端末をログアウトさせました').waitFor();
    await expect.poll(() => settings.devices().count()).toBe(1);

    await phone.reload();
    await phone.waitForURL('**/login');
  });
});

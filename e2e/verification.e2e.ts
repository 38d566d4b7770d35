import { describe, expect, it } from 'vitest';
import { AccountMenu, toast, VerificationBanner, VerifyEmailPage } from './pages/account-pages.ts';
import { signUp } from './support/accounts.ts';
import { saveScreenshot, settleAnimations, uniqueEmail, useBrowser } from './support/browser.ts';
import { verificationLink, waitForMails } from './support/mail-and-identity.ts';

const browser = useBrowser();

const INVALID_LINK = '認証リンクが無効か期限切れです。認証メールを再送信してください';

describe('e-mail verification', () => {
  it('shows 未認証 and the banner, resends, verifies through the mailed link and refuses a used one', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('verify');
    await signUp(page, { name: '認証太郎', email });

    // Unverified: the banner under the top bar and the 未認証 badge.
    const banner = new VerificationBanner(page);
    await banner.region().waitFor();
    expect(await banner.region().innerText()).toContain('メールアドレスが未認証です。届いたメールのリンクから認証してください。');
    const menu = new AccountMenu(page);
    expect(await menu.verificationBadge()).toBe('未認証');
    await saveScreenshot(page, 'verification-banner-desktop-light');

    // The sign-up's mail reached the SMTP server, with a link to this app.
    const [signUpMail] = await waitForMails(email, 1);
    expect(signUpMail?.subject).toBe('【在庫・製造管理】メールアドレスの確認');
    expect(signUpMail?.from).toEqual({ name: '在庫・製造管理', address: 'no-reply@example.test' });
    expect(signUpMail?.text).toContain('認証太郎 様');
    const firstLink = verificationLink(signUpMail!);
    expect(firstLink.startsWith(`${browser.baseUrl}/verify-email?token=`)).toBe(true);

    // Resend from the banner: its success text, and a second mail with another link.
    await banner.resend();
    await toast(page, '認証メールを再送信しました。メールをご確認ください。').waitFor();
    const mails = await waitForMails(email, 2);
    expect(mails).toHaveLength(2);
    const secondLink = verificationLink(mails[1]!);
    expect(secondLink).not.toBe(firstLink);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await banner.region().waitFor();
    expect(await banner.region().getByRole('button', { name: '認証メールを再送信' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, 'verification-banner-mobile-light');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The first link (earlier links stay valid after a resend), opened in the browser.
    const verify = new VerifyEmailPage(page);
    await verify.open(firstLink);
    await verify.success().waitFor();
    expect(await verify.success().innerText()).toContain('メールアドレスを認証しました');
    expect(await banner.region().count()).toBe(0);
    await saveScreenshot(page, 'verify-email-success-desktop-light');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'verify-email-success-mobile-light');
    await page.setViewportSize({ width: 1280, height: 800 });

    await verify.dashboardLink().click();
    await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    expect(await menu.verificationBadge()).toBe('認証済み');
    expect(await banner.region().count()).toBe(0);

    // Used: the failure state with the server's message, resend and the login link. The resent
    // link went with the verification (a user's other unused links are deleted).
    for (const link of [firstLink, secondLink]) {
      await verify.open(link);
      await verify.failure().waitFor();
      expect(await verify.failure().innerText()).toContain(INVALID_LINK);
      await verify.resendButton().waitFor();
      await verify.loginLink().waitFor();
    }
    await saveScreenshot(page, 'verify-email-failure-desktop-light');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'verify-email-failure-mobile-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await settleAnimations(page);
    await saveScreenshot(page, 'verify-email-failure-mobile-dark');
  });

  it('without a token says 認証トークンが指定されていません; signed out, the resend asks for the address', async () => {
    const page = await browser.newPage();
    const verify = new VerifyEmailPage(page);
    for (const query of ['', '?token=', '?token=%20%20']) {
      await verify.open(query);
      await verify.failure().waitFor();
      expect(await verify.failure().innerText()).toContain('認証トークンが指定されていません');
    }
    await verify.resendButton().click();
    await page.getByText('メールアドレスは必須です', { exact: true }).waitFor();
    await verify.loginLink().click();
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  });

  it('signed out on a dead link, the address typed in gets a new link that works; an unknown address gets the same answer', async () => {
    const setup = await browser.newPage();
    const email = uniqueEmail('signedout');
    await signUp(setup, { name: '外出太郎', email });
    await waitForMails(email, 1);
    const sentIfRegistered = 'このメールアドレスで登録された未認証のアカウントがあれば、認証メールを送信しました。メールをご確認ください。';

    for (const [width, device, colorScheme] of [
      [1280, 'desktop', 'light'],
      [375, 'mobile', 'dark'],
    ] as const) {
      // Another device, nobody signed in.
      const page = await browser.newPage({ width, colorScheme });
      const verify = new VerifyEmailPage(page);
      await verify.open('?token=expired-or-used-link');
      await verify.failure().waitFor();
      expect(await verify.failure().innerText()).toContain(INVALID_LINK);
      await page.getByText('登録したメールアドレスを入力すると、新しい認証メールを送信できます。', { exact: false }).waitFor();
      await saveScreenshot(page, `verify-email-signed-out-${device}-${colorScheme}`);

      const address = device === 'desktop' ? `  ${email.toUpperCase()} ` : uniqueEmail('nobody');
      await page.getByLabel('メールアドレス').fill(address);
      await verify.resendButton().click();
      await page.getByRole('status').filter({ hasText: sentIfRegistered }).waitFor();
      await saveScreenshot(page, `verify-email-signed-out-sent-${device}-${colorScheme}`);
    }

    const mails = await waitForMails(email, 2);
    const page = await browser.newPage();
    const verify = new VerifyEmailPage(page);
    await verify.open(verificationLink(mails[1]!));
    await verify.success().waitFor();
  });

  it('signed in and unverified, a resend from the failure page sends a new link that works', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('resend');
    await signUp(page, { name: '再送花子', email });
    await waitForMails(email, 1);

    const verify = new VerifyEmailPage(page);
    await verify.open('?token=not-a-real-token');
    await verify.failure().waitFor();
    expect(await verify.failure().innerText()).toContain(INVALID_LINK);
    await verify.resendButton().click();
    await page.getByRole('status').filter({ hasText: '認証メールを再送信しました。メールをご確認ください。' }).waitFor();
    const mails = await waitForMails(email, 2);

    await verify.open(verificationLink(mails[1]!));
    await verify.success().waitFor();
    expect(await new AccountMenu(page).verificationBadge()).toBe('認証済み');
  });
});

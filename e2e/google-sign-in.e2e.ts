import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AccountMenu, ProviderLoginPage } from './pages/account-pages.ts';
import { LoginPage } from './pages/auth-pages.ts';
import { signUp } from './support/accounts.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { addProviderAccount } from './support/mail-and-identity.ts';

const browser = useBrowser();
const issuer = inject('oidcIssuer');

let subCounter = 0;
const uniqueSub = () => `google-${Date.now().toString(36)}-${subCounter++}`;

/** The main frame's addresses from now on, to see the pages a redirect chain passed through. */
function recordNavigations(page: Page) {
  const urls: URL[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(new URL(frame.url()));
  });
  return urls;
}

/** On /login, clicks the Google button and waits for the provider's login page. */
async function startGoogleSignIn(page: Page) {
  await new LoginPage(page).open();
  await page.getByRole('button', { name: 'Googleでログイン' }).click();
  const provider = new ProviderLoginPage(page);
  await provider.waitFor(issuer);
  return provider;
}

const dashboard = (page: Page) => page.getByRole('heading', { name: 'ダッシュボード', level: 1 });

describe('Google sign-in through the OpenID Connect provider', () => {
  it('creates the account on the first sign-in: 認証中..., the provider, the callback, the dashboard', async () => {
    const page = await browser.newPage();
    const account = { sub: uniqueSub(), email: uniqueEmail('google'), email_verified: true, name: 'グーグル次郎' };
    await addProviderAccount(account);
    const visited = recordNavigations(page);

    // 認証中... while the authorization URL is fetched (the call is held until the label is seen).
    await new LoginPage(page).open();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/google/url', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Googleでログイン' }).click();
    const pending = page.getByRole('button', { name: '認証中...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();

    const provider = new ProviderLoginPage(page);
    await provider.waitFor(issuer);
    await provider.chooseAccount(account.email);

    await dashboard(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    const callback = visited.find((url) => url.origin === browser.baseUrl && url.pathname === '/auth/google/callback');
    expect(callback?.searchParams.get('code')).toBeTruthy();
    expect(callback?.searchParams.get('state')).toBeTruthy();
    // Success removes the stored state and keeps the session like a login.
    expect(await page.evaluate(() => sessionStorage.getItem('oauth_state'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

    const menu = new AccountMenu(page);
    await menu.userMenuButton().getByText('グーグル次郎').waitFor();
    expect(await menu.verificationBadge()).toBe('認証済み');
    await menu.openUserMenu();
    for (const text of [account.email, 'グーグル次郎のワークスペース', '管理者']) {
      await menu.menu().getByText(text, { exact: false }).first().waitFor();
    }
    await page.keyboard.press('Escape');
    // Verified by the provider: no banner asking to verify.
    expect(await page.getByRole('region', { name: 'メールアドレスの認証' }).count()).toBe(0);

    // Signing in again (after logging out) finds the same account. The provider remembers this
    // browser's session, as Google does, so it sends the browser straight back without its page.
    await menu.logout();
    await page.waitForURL('**/login');
    visited.length = 0;
    await page.getByRole('button', { name: 'Googleでログイン' }).click();
    await dashboard(page).waitFor();
    const secondCallback = visited.find((url) => url.pathname === '/auth/google/callback');
    expect(secondCallback?.searchParams.get('code')).toBeTruthy();
    expect(secondCallback?.searchParams.get('code')).not.toBe(callback?.searchParams.get('code'));
    expect(visited.some((url) => url.pathname.startsWith('/interaction/'))).toBe(false);
    await menu.openUserMenu();
    await menu.menu().getByText('グーグル次郎のワークスペース').waitFor();
  });

  it('links a registered address the provider has verified, typed into its e-mail field', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('linked');
    await signUp(page, { name: '連携三郎', email });
    const menu = new AccountMenu(page);
    expect(await menu.verificationBadge()).toBe('未認証');
    await menu.logout();
    await page.waitForURL('**/login');

    await addProviderAccount({ sub: uniqueSub(), email, email_verified: true, name: 'Saburo Renkei' });
    const provider = await startGoogleSignIn(page);
    await provider.enterAccount(email);
    await dashboard(page).waitFor();
    // The registered account (its name and workspace), now verified.
    await menu.userMenuButton().getByText('連携三郎').waitFor();
    expect(await menu.verificationBadge()).toBe('認証済み');
    await menu.openUserMenu();
    await menu.menu().getByText('連携三郎のワークスペース').waitFor();
  });

  it('shows the server refusal on the callback page and returns to /login after 3 s', async () => {
    const page = await browser.newPage();
    const account = { sub: uniqueSub(), email: uniqueEmail('unverified'), email_verified: false, name: '未確認四郎' };
    await addProviderAccount(account);
    const provider = await startGoogleSignIn(page);
    await provider.chooseAccount(account.email);
    await page.getByRole('alert').getByText('Googleアカウントのメールアドレスが確認されていないため、登録できません').waitFor();
    await page.waitForURL('**/login', { timeout: 6_000 });
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  });

  it('cancelled at the provider: back with error=access_denied, Googleでのログインがキャンセルされました', async () => {
    for (const [width, device, colorScheme] of [
      [1280, 'desktop', 'light'],
      [375, 'mobile', 'light'],
      [375, 'mobile', 'dark'],
    ] as const) {
      const page = await browser.newPage({ width, colorScheme });
      await addProviderAccount({ sub: uniqueSub(), email: uniqueEmail('cancel'), email_verified: true });
      await startGoogleSignIn(page);
      await page.getByRole('link', { name: 'キャンセル' }).click();
      await page.waitForURL((url) => url.pathname === '/auth/google/callback');
      expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
      await page.getByRole('status').getByText('Googleでのログインがキャンセルされました', { exact: true }).waitFor();
      expect(await page.getByText('認証パラメータが不正です').count()).toBe(0);
      expect(await page.getByRole('alert').count()).toBe(0);
      await saveScreenshot(page, `google-callback-cancelled-${device}-${colorScheme}`);
      await page.waitForURL('**/login', { timeout: 6_000 });
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    }
  });
});

describe('the callback page without a sign-in under way', () => {
  it('a wrong state shows 無効なリクエストです and returns to /login after 3 s', async () => {
    const page = await browser.newPage();
    await new LoginPage(page).open();
    await page.evaluate(() => sessionStorage.setItem('oauth_state', 'the-state-of-this-tab'));
    await page.goto('/auth/google/callback?code=some-code&state=another-state');
    const error = page.getByRole('alert').getByText('無効なリクエストです', { exact: true });
    await error.waitFor();
    const shownAt = Date.now();
    await page.getByText('3秒後にログインページへ戻ります。').waitFor();
    await saveScreenshot(page, 'google-callback-error-desktop-light');
    await page.waitForURL('**/login', { timeout: 6_000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThanOrEqual(2_500);
    expect(waited).toBeLessThan(4_500);
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  });

  it('without parameters shows 認証パラメータが不正です; 今すぐ戻る goes to /login at once', async () => {
    for (const [width, device, colorScheme] of [
      [1280, 'desktop', 'light'],
      [375, 'mobile', 'light'],
      [375, 'mobile', 'dark'],
    ] as const) {
      const page = await browser.newPage({ width, colorScheme });
      await page.goto('/auth/google/callback');
      await page.getByRole('alert').getByText('認証パラメータが不正です', { exact: true }).waitFor();
      await saveScreenshot(page, `google-callback-missing-${device}-${colorScheme}`);
      await page.getByRole('link', { name: '今すぐ戻る' }).click();
      await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    }
    const page = await browser.newPage();
    await page.goto('/auth/google/callback?code=only-a-code');
    await page.getByRole('alert').getByText('認証パラメータが不正です', { exact: true }).waitFor();
  });
});

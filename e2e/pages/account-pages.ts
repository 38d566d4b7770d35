import type { Locator, Page } from 'playwright-core';
import { AppShell } from './auth-pages.ts';

/** A toast. Not looked up by role: while a dialog is open, the page behind it (the toaster too) is inert. */
export const toast = (page: Page, text: string) => page.locator('[data-sonner-toaster]').getByText(text, { exact: true });

/** /verify-email: processing, success, failure and no token. */
export class VerifyEmailPage {
  constructor(private readonly page: Page) {}

  /** Opens a link from a mail (absolute) or /verify-email with the given query. */
  async open(linkOrQuery: string) {
    await this.page.goto(linkOrQuery.startsWith('http') ? linkOrQuery : `/verify-email${linkOrQuery}`);
    await this.page.getByRole('heading', { name: 'メール認証' }).waitFor();
  }

  success() {
    return this.page.getByRole('status').filter({ hasText: 'メール認証が完了しました' });
  }

  /** The failure's error banner (also the state without a token). */
  failure() {
    return this.page.getByRole('alert').filter({ hasText: 'エラーが発生しました' });
  }

  resendButton() {
    return this.page.getByRole('button', { name: '認証メールを再送信' });
  }

  loginLink() {
    return this.page.getByRole('link', { name: 'ログインページへ' });
  }

  dashboardLink() {
    return this.page.getByRole('link', { name: 'ダッシュボードへ戻る' });
  }
}

/** The slim banner under the top bar for a signed-in user whose e-mail is not verified. */
export class VerificationBanner {
  constructor(private readonly page: Page) {}

  region() {
    return this.page.getByRole('region', { name: 'メールアドレスの認証' });
  }

  async resend() {
    await this.region().getByRole('button', { name: '認証メールを再送信' }).click();
  }
}

/** The user menu's account entries (desktop), on top of the shell's. */
export class AccountMenu extends AppShell {
  constructor(private readonly shellPage: Page) {
    super(shellPage);
  }

  menu() {
    return this.shellPage.getByRole('menu');
  }

  /** Opens the menu and answers the texts of its entries. */
  async entries() {
    await this.openUserMenu();
    const labels = await this.menu().getByRole('menuitem').allInnerTexts();
    await this.shellPage.keyboard.press('Escape');
    await this.menu().waitFor({ state: 'detached' });
    return labels.map((label) => label.trim());
  }

  /** The verification badge in the open menu's head: 認証済み, 未認証 or 確認中. */
  async verificationBadge() {
    await this.openUserMenu();
    const badge = this.menu().getByText(/^(認証済み|未認証|確認中)$/);
    const text = await badge.innerText();
    await this.shellPage.keyboard.press('Escape');
    await this.menu().waitFor({ state: 'detached' });
    return text;
  }

  /** An entry of the user menu; パスワード変更 and すべての端末からログアウト are buttons of アカウント設定, opened from it. */
  async choose(label: '管理画面' | 'パスワード変更' | 'すべての端末からログアウト' | 'ワークスペース設定' | 'アカウント設定') {
    await this.openUserMenu();
    if (label === 'パスワード変更' || label === 'すべての端末からログアウト') {
      await this.menu().getByRole('menuitem', { name: 'アカウント設定', exact: true }).click();
      await this.shellPage.getByRole('heading', { name: 'アカウント設定', level: 1 }).waitFor();
      await this.shellPage.getByRole('button', { name: label, exact: true }).click();
      return;
    }
    await this.menu().getByRole('menuitem', { name: label, exact: true }).click();
  }

  dialog(title: 'パスワード変更' | 'すべての端末からログアウト') {
    return this.shellPage.getByRole('dialog', { name: title });
  }

  /** Fills and sends パスワード変更 (the dialog stays open on a refusal). */
  async changePassword(dialog: Locator, { current, next, confirm = next }: { current: string; next: string; confirm?: string }) {
    await dialog.getByLabel('現在のパスワード').fill(current);
    await dialog.getByLabel('新しいパスワード', { exact: true }).fill(next);
    await dialog.getByLabel('新しいパスワード（確認）').fill(confirm);
    await dialog.getByRole('button', { name: '変更する' }).click();
  }
}

/** The login page of the run's OpenID Connect provider (standing in for Google's). */
export class ProviderLoginPage {
  constructor(private readonly page: Page) {}

  async waitFor(issuer: string) {
    await this.page.waitForURL((url) => url.origin === issuer && url.pathname.startsWith('/interaction/'));
    await this.page.getByRole('heading', { name: 'ローカル OpenID Connect プロバイダー' }).waitFor();
  }

  /** Clicks the account's button (its e-mail, and its name in brackets). */
  async chooseAccount(email: string) {
    await this.page.getByRole('button', { name: new RegExp(`^${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  }

  /** Types a sub or an e-mail into the field and signs in. */
  async enterAccount(login: string) {
    await this.page.getByLabel('アカウントIDまたはメールアドレス').fill(login);
    await this.page.getByRole('button', { name: 'ログイン', exact: true }).click();
  }
}

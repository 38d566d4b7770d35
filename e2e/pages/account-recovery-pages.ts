import type { Locator, Page } from 'playwright-core';
import { AppShell } from './auth-pages.ts';

/** /forgot-password: the address; the same answer whether or not it has an account. */
export class ForgotPasswordPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/forgot-password');
    await this.page.getByRole('heading', { name: 'パスワードの再設定' }).waitFor();
  }

  async request(email: string) {
    // Reached by a link from the login page, which has a メールアドレス field too: wait for this page.
    await this.page.getByRole('heading', { name: 'パスワードの再設定' }).waitFor();
    await this.page.getByLabel('メールアドレス').fill(email);
    await this.page.getByRole('button', { name: '再設定メールを送信' }).click();
  }

  sent() {
    return this.page.getByRole('status').filter({ hasText: '再設定用のリンクをお送りしました' });
  }
}

/** /reset-password?token=… from the mail: the new password twice. */
export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  async open(link: string) {
    await this.page.goto(link);
    await this.page.getByRole('heading', { name: '新しいパスワードの設定' }).waitFor();
  }

  async setPassword(password: string, confirmation = password) {
    await this.page.getByLabel('新しいパスワード', { exact: true }).fill(password);
    await this.page.getByLabel('新しいパスワード（確認）').fill(confirmation);
    await this.page.getByRole('button', { name: 'パスワードを設定してログイン' }).click();
  }
}

/** The second step of a sign-in with 二段階認証 on. */
export class SecondStepForm {
  constructor(private readonly page: Page) {}

  async enter(code: string) {
    await this.page.getByLabel('確認コード').fill(code);
    await this.page.getByRole('button', { name: '確認してログイン' }).click();
  }
}

/** アカウント設定 (/account). */
export class AccountSettingsPage extends AppShell {
  constructor(private readonly settingsPage: Page) {
    super(settingsPage);
  }

  async open() {
    await this.settingsPage.goto('/account');
    await this.heading().waitFor();
  }

  /** From the user menu, as a person gets there. */
  async openFromMenu() {
    await this.openUserMenu();
    await this.settingsPage.getByRole('menuitem', { name: 'アカウント設定' }).click();
    await this.heading().waitFor();
  }

  heading() {
    return this.settingsPage.getByRole('heading', { name: 'アカウント設定', level: 1 });
  }

  section(title: string): Locator {
    return this.settingsPage.getByRole('region', { name: title });
  }

  /** Starts the TOTP setup and answers the secret shown beside the QR code. */
  async startTotpSetup(): Promise<string> {
    await this.section('二段階認証（認証アプリ）').getByRole('button', { name: '二段階認証を設定する' }).click();
    await this.settingsPage.getByAltText('認証アプリで読み取るQRコード').waitFor();
    return (await this.settingsPage.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  }

  async confirmTotp(code: string) {
    const section = this.section('二段階認証（認証アプリ）');
    await section.getByLabel('確認コード').fill(code);
    await section.getByRole('button', { name: '有効にする' }).click();
  }

  recoveryCodes() {
    return this.settingsPage.getByRole('list', { name: 'リカバリーコード' }).getByRole('listitem');
  }

  async addPasskey() {
    await this.section('パスキー').getByRole('button', { name: 'パスキーを追加' }).click();
  }

  passkeys() {
    return this.settingsPage.getByRole('list', { name: '登録済みのパスキー' }).getByRole('listitem');
  }

  devices() {
    return this.settingsPage.getByRole('list', { name: 'ログイン中の端末' }).getByRole('listitem');
  }
}

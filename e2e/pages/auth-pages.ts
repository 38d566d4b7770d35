import type { Page } from 'playwright-core';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
  }

  async signIn(email: string, password: string) {
    await this.page.getByLabel('メールアドレス').fill(email);
    await this.page.getByLabel('パスワード').fill(password);
    await this.page.getByRole('button', { name: 'ログイン', exact: true }).click();
  }
}

export class RegisterPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/register');
  }

  async signUp({ name, email, password, invitationCode }: { name: string; email: string; password: string; invitationCode?: string }) {
    await this.page.getByLabel('名前').fill(name);
    await this.page.getByLabel('メールアドレス').fill(email);
    await this.page.getByLabel('パスワード').fill(password);
    if (invitationCode) await this.page.getByLabel('招待コード（任意）').fill(invitationCode);
    await this.page.getByRole('button', { name: '登録', exact: true }).click();
  }
}

/** The signed-in frame: top navigation, user menu, theme toggle, mobile menu. */
export class AppShell {
  constructor(private readonly page: Page) {}

  userMenuButton() {
    return this.page.getByRole('button', { name: /^ユーザーメニュー/ });
  }

  async openUserMenu() {
    await this.userMenuButton().click();
  }

  async logout() {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'ログアウト', exact: true }).click();
  }

  async chooseTheme(label: 'ライト' | 'ダーク' | 'システム') {
    await this.page.getByRole('button', { name: /^テーマ切り替え/ }).click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  isDark() {
    return this.page.evaluate(() => document.documentElement.classList.contains('dark'));
  }
}

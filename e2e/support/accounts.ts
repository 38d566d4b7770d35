import type { Page } from 'playwright-core';
import { LoginPage, RegisterPage } from '../pages/auth-pages.ts';

export const PASSWORD = 'password123';

/** Registers in the browser and waits for the dashboard. */
export async function signUp(page: Page, { name, email, password = PASSWORD }: { name: string; email: string; password?: string }) {
  const registerPage = new RegisterPage(page);
  await registerPage.open();
  await registerPage.signUp({ name, email, password });
  await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
}

/** Signs in on /login and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  const loginPage = new LoginPage(page);
  await loginPage.open();
  await loginPage.signIn(email, password);
  await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
}

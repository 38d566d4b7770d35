import type { Page } from 'playwright-core';
import { RegisterPage } from '../pages/auth-pages.ts';
import { PartsApi, PartsPage } from '../pages/parts-page.ts';

export const PASSWORD = 'password123';

/** Today as the app writes dates (yyyy-MM-dd) in local time; toISOString would give the UTC date. */
export const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Signs up a fresh user (a workspace of their own) and returns the API client used for seeding. */
export async function signUpForParts(page: Page, { name, email }: { name: string; email: string }) {
  const registerPage = new RegisterPage(page);
  await registerPage.open();
  await registerPage.signUp({ name, email, password: PASSWORD });
  await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
  return PartsApi.of(page);
}

/** Opens 部品管理 and waits until the list has loaded. */
export async function openParts(page: Page) {
  const parts = new PartsPage(page);
  await parts.open();
  await parts.waitForList();
  return parts;
}

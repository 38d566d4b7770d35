import type { AdminStats } from '@inventory/contracts/management-console';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AccountMenu, toast, VerifyEmailPage } from './pages/account-pages.ts';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/account-recovery-pages.ts';
import { AnnouncementBanners, ConsolePage } from './pages/console-page.ts';
import { signUp } from './support/accounts.ts';
import { ApiSession } from './support/api-session.ts';
import { saveScreenshot, settleAnimations, uniqueEmail, useBrowser } from './support/browser.ts';
import { resetLink, verificationLink, waitForMails, waitForResetMails } from './support/mail-and-identity.ts';

const browser = useBrowser();
const count = (value: number) => value.toLocaleString('ja-JP');

/** The six cards as the screen should show the server's figures. */
const expectedCards = (stats: AdminStats) => ({
  総ユーザー数: `${count(stats.totalUsers)}人`,
  総部品数: `${count(stats.totalParts)}件`,
  総商品数: `${count(stats.totalProducts)}件`,
  総ワークスペース数: `${count(stats.totalWorkspaces)}件`,
  製造記録数: `${count(stats.totalManufacturingRecords)}件`,
  販売記録数: `${count(stats.totalSalesRecords)}件`,
});

/** A full-page capture from the top (a scrolled page would show the sticky top bar in its middle). */
async function capture(page: Page, name: string, options?: { fullPage: boolean }) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name, options);
}

/** Waits until the toasts have gone by themselves, for a capture of the screen alone. */
const toastsGone = (page: Page) => page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });

const fetchStats = async (page: Page) => (await ApiSession.of(page)).get<AdminStats>('/management-console/stats');

const MAINTENANCE = {
  title: 'システムメンテナンスのお知らせ',
  content: '11月30日（日）2:00〜4:00 はメンテナンスのためご利用いただけません。',
  type: 'warning',
  active: true,
} as const;
const MAINTENANCE_EDITED = '11月30日（日）2:00〜5:00 はメンテナンスのためご利用いただけません。\n作業中のデータは事前に保存してください。';
const LONG_TITLE =
  '年末年始の営業日と出荷スケジュールの変更、ならびに新しい部品発注の締め切り日と在庫棚卸しの実施日程についてのお知らせ（全ワークスペース共通・必ずご確認ください）';
const FEATURE = { title: '新機能のお知らせ', content: '販売管理にCSV出力を追加しました。', type: 'info', active: true } as const;

describe('管理画面', () => {
  it('the super admin, proven through the reset mail, manages announcements that a member sees as banners', async () => {
    const superAdminEmail = inject('superAdminEmail');
    const admin = await browser.newPage();
    await signUp(admin, { name: 'システム管理者', email: superAdminEmail });
    const adminMenu = new AccountMenu(admin);

    // A listed address counts only once verified: no console link, the guard sends it to /.
    expect(await adminMenu.entries()).not.toContain('管理画面');
    await admin.goto('/management-console');
    await admin.waitForURL((url) => url.pathname === '/');

    // A click on the verification link proves the address, not that this password is the owner's:
    // still no console.
    const [mail] = await waitForMails(superAdminEmail, 1);
    const verify = new VerifyEmailPage(admin);
    await verify.open(verificationLink(mail!));
    await verify.success().waitFor();
    await verify.dashboardLink().click();
    await admin.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    expect(await adminMenu.entries()).not.toContain('管理画面');

    // パスワードをお忘れの方: the reset mail proves both, and the new session has the console.
    await adminMenu.logout();
    await admin.waitForURL('**/login');
    await admin.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    const forgot = new ForgotPasswordPage(admin);
    await forgot.request(superAdminEmail);
    await forgot.sent().waitFor();
    const [resetMail] = await waitForResetMails(superAdminEmail, 1);
    const reset = new ResetPasswordPage(admin);
    await reset.open(resetLink(resetMail!));
    await reset.setPassword('console-owner-password');
    await admin.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    expect(await adminMenu.entries()).toContain('管理画面');

    // 管理画面 from the user menu: the six cards show the server's figures.
    await adminMenu.choose('管理画面');
    await admin.waitForURL((url) => url.pathname === '/management-console');
    const consolePage = new ConsolePage(admin);
    await consolePage.heading().waitFor();
    const before = await fetchStats(admin);
    expect(await consolePage.statsCards()).toEqual(expectedCards(before));
    await consolePage.list().or(admin.getByText('告知はまだありません')).first().waitFor();

    // The create form checks before sending.
    await consolePage.createForm().getByRole('button', { name: '告知を作成' }).click();
    await consolePage.createForm().getByText('タイトルは必須です').waitFor();
    await consolePage.createForm().getByText('内容は必須です').waitFor();

    // Create a warning, then edit its content.
    await consolePage.create(MAINTENANCE);
    await toast(admin, '告知を作成しました').waitFor();
    await consolePage.item(MAINTENANCE.title).waitFor();
    expect(await consolePage.createForm().getByLabel('タイトル').inputValue()).toBe('');
    expect(await consolePage.item(MAINTENANCE.title).innerText()).toContain('警告');

    const edit = await consolePage.openEdit(MAINTENANCE.title);
    expect(await edit.getByLabel('タイトル').inputValue()).toBe(MAINTENANCE.title);
    expect(await edit.getByLabel('種類').inputValue()).toBe('warning');
    expect(await edit.getByLabel('公開する').isChecked()).toBe(true);
    await consolePage.fill(edit, { content: MAINTENANCE_EDITED });
    await capture(admin, 'console-edit-modal-desktop-light', { fullPage: false });
    await edit.getByRole('button', { name: '更新', exact: true }).click();
    await toast(admin, '告知を更新しました').waitFor();
    await edit.getByRole('heading').waitFor({ state: 'detached' });
    const maintenanceItem = consolePage.item(MAINTENANCE.title);
    await maintenanceItem.getByText('作成日時').waitFor();
    await expect.poll(() => maintenanceItem.innerText()).toContain('更新日時');
    expect(await maintenanceItem.locator('p.whitespace-pre-line').innerText()).toBe(MAINTENANCE_EDITED);
    expect(await consolePage.titles()).toEqual([MAINTENANCE.title]);

    // A member (another user, another workspace) sees it under the navigation, yellow for a warning.
    const member = await browser.newPage();
    await signUp(member, { name: '一般メンバー', email: uniqueEmail('member') });
    const banners = new AnnouncementBanners(member);
    const banner = banners.banner(MAINTENANCE.title);
    await banner.waitFor();
    expect(await banner.innerText()).toContain('作業中のデータは事前に保存してください。');
    expect(await banner.getAttribute('class')).toContain('bg-amber-50');
    await capture(member, 'announcement-banner-desktop-light');
    await member.setViewportSize({ width: 375, height: 800 });
    await capture(member, 'announcement-banner-mobile-light');
    await member.setViewportSize({ width: 1280, height: 800 });

    // Not a super admin: no console link, and the guard sends them to /.
    const memberMenu = new AccountMenu(member);
    expect(await memberMenu.entries()).not.toContain('管理画面');
    await member.goto('/management-console');
    await member.waitForURL((url) => url.pathname === '/');
    const refused = await member.request.get('/api/management-console/stats', {
      headers: { authorization: `Bearer ${await member.evaluate(() => localStorage.getItem('auth_token'))}` },
    });
    expect(refused.status()).toBe(403);

    // Closed, it stays closed after a reload.
    await banners.dismiss(MAINTENANCE.title);
    await member.reload();
    await member.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    await expect.poll(() => banners.region().count()).toBe(0);

    // The member's sign-up counts: one more user and one more workspace.
    await admin.reload();
    await consolePage.heading().waitFor();
    expect(await consolePage.statsCards()).toEqual(
      expectedCards({ ...before, totalUsers: before.totalUsers + 1, totalWorkspaces: before.totalWorkspaces + 1 }),
    );

    // A second one appears for the member; set inactive (非公開), it is gone for them.
    await consolePage.create(FEATURE);
    await toast(admin, '告知を作成しました').first().waitFor();
    await expect.poll(() => consolePage.titles()).toEqual([FEATURE.title, MAINTENANCE.title]);
    await member.reload();
    await banners.banner(FEATURE.title).waitFor();
    expect(await banners.titles()).toEqual([FEATURE.title]);

    const hide = await consolePage.openEdit(FEATURE.title);
    await consolePage.fill(hide, { active: false });
    await hide.getByRole('button', { name: '更新', exact: true }).click();
    await toast(admin, '告知を更新しました').first().waitFor();
    await consolePage.item(FEATURE.title).getByText('非公開', { exact: true }).waitFor();
    expect(await consolePage.item(MAINTENANCE.title).getByText('非公開', { exact: true }).count()).toBe(0);
    await toastsGone(admin);
    await capture(admin, 'console-desktop-light');
    await admin.emulateMedia({ colorScheme: 'dark' });
    await admin.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await settleAnimations(admin);
    await capture(admin, 'console-desktop-dark');
    await admin.emulateMedia({ colorScheme: 'light' });
    await admin.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    await settleAnimations(admin);
    await admin.setViewportSize({ width: 375, height: 800 });
    expect(await consolePage.fitsWidth()).toBe(true);
    await capture(admin, 'console-mobile-light');
    await admin.setViewportSize({ width: 1280, height: 800 });

    await member.reload();
    await member.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    await expect.poll(() => banners.region().count()).toBe(0);

    // A long title wraps beside 編集 and 削除, which keep their own height (they used to stretch with it).
    const api = await ApiSession.of(admin);
    const long = await api.post<{ id: number }>('/management-console/announcements', {
      title: LONG_TITLE,
      content: '長いタイトルの表示確認',
      type: 'info',
      is_active: false,
    });
    await admin.reload();
    const longItem = consolePage.item(LONG_TITLE);
    await longItem.waitFor();
    for (const width of [1280, 800]) {
      await admin.setViewportSize({ width, height: 800 });
      expect((await longItem.locator('h4').boundingBox())!.height, `title at ${width} px`).toBeGreaterThan(40);
      for (const name of ['編集', '削除']) {
        const box = await longItem.getByRole('button', { name, exact: true }).boundingBox();
        expect(box!.height, `${name} at ${width} px`).toBeLessThan(40);
      }
      await capture(admin, `console-long-title-${width}-light`);
    }
    await api.delete(`/management-console/announcements/${long.id}`);
    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.reload();
    await consolePage.heading().waitFor();

    // Delete both: the dialog names the announcement; the list ends empty.
    for (const title of [FEATURE.title, MAINTENANCE.title]) {
      const remove = await consolePage.openDelete(title);
      await remove.getByText(title, { exact: true }).waitFor();
      await remove.getByRole('button', { name: '削除', exact: true }).click();
      // The first deletion's toast may still be there: the list below tells this one happened.
      await toast(admin, '告知を削除しました').first().waitFor();
      await remove.getByRole('heading').waitFor({ state: 'detached' });
      await consolePage.item(title).waitFor({ state: 'detached' });
    }
    await admin.getByText('告知はまだありません').waitFor();
    const left = await (await ApiSession.of(admin)).get<unknown[]>('/management-console/announcements');
    expect(left).toEqual([]);
  });
});

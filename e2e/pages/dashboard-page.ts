import type { Locator, Page } from 'playwright-core';

export type AlertBannerName = '納期遅れの発注' | '納入予定の発注' | '在庫不足の部品';

export interface CalendarEvent {
  title: string;
  /** The event's background colour as the browser computes it: rgb(59, 130, 246). */
  color: string;
}

/** The legend's colours (blue results, green manufacturable counts, orange arrivals, red late ones) as computed by the browser. */
export const CALENDAR_COLORS = {
  manufacturing: 'rgb(59, 130, 246)',
  capacity: 'rgb(16, 185, 129)',
  arrival: 'rgb(249, 115, 22)',
  overdueArrival: 'rgb(239, 68, 68)',
} as const;

/** The dashboard (/): alert banners, product cards, plans, the calendar, tiles and the latest lists. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/');
    await this.productList().or(this.page.getByText('商品が登録されていません')).waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: 'ダッシュボード', level: 1 });
  }

  loading() {
    return this.page.getByRole('status').filter({ hasText: 'ダッシュボードのデータを読み込み中...' });
  }

  banner(name: AlertBannerName) {
    return this.page.getByRole('region', { name, exact: true });
  }

  async dismissBanner(name: AlertBannerName) {
    await this.banner(name).getByRole('button', { name: `${name}を閉じる` }).click();
  }

  /** The banner's list lines. */
  bannerLines(name: AlertBannerName) {
    return this.banner(name).getByRole('listitem').allTextContents();
  }

  productList() {
    return this.page.getByRole('list', { name: '商品一覧' });
  }

  productCard(name: string) {
    return this.productList().getByRole('article', { name, exact: true });
  }

  productNames() {
    return this.productList()
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
  }

  /** A card's badge, stock and manufacturable count, and whether its two buttons are enabled. */
  async cardState(name: string) {
    const card = this.productCard(name);
    await card.waitFor();
    const [stock, capacity] = await card.getByRole('definition').allTextContents();
    return {
      badge: await card.getByText(/^在庫(あり|なし)$/).textContent(),
      stock,
      capacity,
      manufacture: await card.getByRole('button', { name: '製造', exact: true }).isEnabled(),
      sell: await card.getByRole('button', { name: '販売', exact: true }).isEnabled(),
    };
  }

  async openCardAction(name: string, action: '製造' | '販売') {
    await this.productCard(name).getByRole('button', { name: action, exact: true }).click();
    return this.waitForDialog(action);
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async waitForDialog(title: string) {
    const dialog = this.dialog(title);
    await dialog.getByRole('heading', { name: title }).waitFor();
    return dialog;
  }

  /** A toast. Not looked up by role: while a dialog is open, the page behind it (the toaster too) is inert. */
  toast(text: string) {
    return this.page.locator('[data-sonner-toaster]').getByText(text, { exact: true });
  }

  section(title: string) {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** The plan list's lines: product, status badge, dates, quantities. */
  planItems() {
    return this.section('製造計画').getByRole('list', { name: '製造計画一覧' }).getByRole('listitem');
  }

  /** The summary tiles as label → value. */
  async tiles(): Promise<Record<string, string>> {
    const tiles = this.section('概要');
    const labels = await tiles.locator('dt').allTextContents();
    const values = await tiles.locator('dd').allTextContents();
    return Object.fromEntries(labels.map((label, index) => [label, values[index] ?? '']));
  }

  recentRecords() {
    return this.page.getByRole('list', { name: '最近の製造記録一覧' }).getByRole('listitem').allTextContents();
  }

  recentSales() {
    return this.page.getByRole('list', { name: '最近の販売一覧' }).getByRole('listitem').allTextContents();
  }

  calendar() {
    return this.section('製造カレンダー');
  }

  calendarTitle() {
    return this.calendar().locator('.fc-toolbar-title');
  }

  /** Scrolls the calendar into view, as a user does: its month grid draws once it comes near the view. */
  async showCalendar() {
    await this.calendar().scrollIntoViewIfNeeded();
  }

  /** Waits until the calendar shows the month titled `title` (2025年6月). */
  async waitForCalendarMonth(title: string) {
    await this.showCalendar();
    await this.calendar().locator('.fc-toolbar-title', { hasText: title }).waitFor();
  }

  calendarButton(name: '前' | '次' | '今日') {
    return this.calendar().getByRole('button', { name, exact: true });
  }

  /** The events drawn in the month grid that are visible (at most 2 a day; the rest behind 他 N 件). */
  async visibleCalendarEvents(): Promise<CalendarEvent[]> {
    return this.calendarEvents(this.calendar().locator('.fc-daygrid-body'));
  }

  /** The events drawn in `scope`, without the days' 他 N 件 links (drawn as events too). */
  async calendarEvents(scope: Locator): Promise<CalendarEvent[]> {
    return scope.locator('.fc-event:not(.calendar-more-link)').evaluateAll((events) =>
      events
        .filter((event) => event.getClientRects().length > 0 && getComputedStyle(event).visibility !== 'hidden')
        .map((event) => ({
          title: event.querySelector('.fc-event-title')?.textContent ?? '',
          color: getComputedStyle(event).backgroundColor,
        })),
    );
  }

  /** The calendar cell of a date (yyyy-MM-dd). */
  calendarDay(date: string) {
    return this.calendar().locator(`td.fc-daygrid-day[data-date="${date}"]`);
  }

  /** The 他 N 件 popover of a day (yyyy-MM-dd), titled with its date. */
  calendarPopover(date: string) {
    return this.page.getByRole('dialog', { name: `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`, exact: true });
  }

  /** The events a day's popover lists, in their colours. */
  async calendarPopoverEvents(popover: Locator): Promise<CalendarEvent[]> {
    return popover.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => ({ title: item.textContent ?? '', color: getComputedStyle(item).backgroundColor })),
    );
  }

  /** The list of a day's events (yyyy-MM-dd) that an event or a day number opens. */
  async waitForDaySheet(date: string) {
    const title = `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日の予定`;
    const sheet = this.page.getByRole('dialog', { name: title });
    await sheet.getByRole('heading', { name: title }).waitFor();
    return sheet;
  }

  /** A day sheet's lines: the event's kind, then its whole title. */
  daySheetLines(sheet: Locator) {
    return sheet.getByRole('listitem').evaluateAll((items) => items.map((item) => Array.from(item.querySelectorAll('span.block'), (line) => line.textContent ?? '')));
  }

  /** True when every event title in `scope` shows its whole text, none cut short. */
  titlesFitIn(scope: Locator) {
    return scope.locator('.fc-event-title').evaluateAll((titles) => titles.every((title) => title.scrollWidth <= title.clientWidth + 1));
  }

  /** True when the page is no wider than the window (nothing to scroll sideways). */
  fitsWidth() {
    return this.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  }
}

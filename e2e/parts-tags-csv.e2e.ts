import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './pages/auth-pages.ts';
import type { PartsApi } from './pages/parts-page.ts';
import { captureDownload, CsvImportDialog, encodeShiftJis, TagManagementDialog } from './pages/tags-csv-page.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { localToday, openParts, PASSWORD, signUpForParts } from './support/parts-setup.ts';

const browser = useBrowser();
const BOM = [0xef, 0xbb, 0xbf];
const EXPORT_HEADER = '部品名,単位,単価,現在在庫,最小在庫アラート,バーコード,品番,カテゴリ,URL,タグ';

interface ApiTag {
  id: number;
  name: string;
  color: string;
  part_count: number;
}

const signUp = (page: Page, email = uniqueEmail('tags')) => signUpForParts(page, { name: 'タグ担当', email });

const backgroundOf = (locator: ReturnType<Page['getByText']>) =>
  locator.evaluate((element) => getComputedStyle(element.parentElement!).backgroundColor);

async function listTags(api: PartsApi) {
  return (await api.call<ApiTag[]>('GET', '/tags')).body;
}

describe('tag management', () => {
  it('creates with a colour, renames inline, recolours, and deletes a tag in use only with force', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const resistor = await api.createPart({ name: '抵抗 10kΩ', current_stock: 100 });
    await openParts(page);

    const tags = await TagManagementDialog.open(page);
    expect(await tags.heading().innerText()).toBe('タグ一覧 (0個)');
    await tags.root().getByText('タグはまだありません').waitFor();

    await tags.create('電子部品', '紫 (#8B5CF6)');
    await tags.root().getByRole('heading', { name: 'タグ一覧 (1個)' }).waitFor();
    expect(await backgroundOf(tags.badge('電子部品'))).toBe('rgb(139, 92, 246)');
    expect(await tags.root().getByLabel('タグ名').inputValue()).toBe('');

    // Without a choice the tag gets the suggested colour: one of the palette no tag uses yet.
    await tags.create('消耗品');
    await tags.root().getByRole('heading', { name: 'タグ一覧 (2個)' }).waitFor();

    await tags.rename('電子部品', '電子パーツ');
    await tags.badge('電子パーツ').waitFor();
    await tags.recolor('電子パーツ', '緑 (#10B981)');
    await expect.poll(() => backgroundOf(tags.badge('電子パーツ'))).toBe('rgb(16, 185, 129)');

    const stored = await listTags(api);
    expect(stored.map(({ name, color }) => ({ name, color }))).toContainEqual({ name: '電子パーツ', color: '#10B981' });
    const consumables = stored.find((tag) => tag.name === '消耗品')!;
    // Any colour but the purple 電子部品 had when 消耗品 was created (green was still free then).
    expect(['#EF4444', '#F59E0B', '#10B981', '#3B82F6', '#EC4899', '#6B7280', '#F97316', '#06B6D4', '#84CC16']).toContain(consumables.color);

    // The part is tagged after the list was loaded: the modal still says 未使用, the server refuses.
    await api.tagPart(resistor.id, consumables.id);
    expect(await tags.row('消耗品').getByText('未使用').isVisible()).toBe(true);
    const confirm = await tags.askToDelete('消耗品');
    expect(await confirm.innerText()).toContain('「消耗品」を削除しますか？');
    await confirm.getByRole('button', { name: '削除', exact: true }).click();

    await tags.row('消耗品').getByRole('alert').getByText('このタグは1件の部品で使用されているため削除できません').waitFor();
    const force = confirm.getByRole('button', { name: '1件の部品から外して強制削除' });
    await force.waitFor();
    expect(await confirm.innerText()).toContain('「消耗品」は1件の部品で使用されています。強制削除すると、1件の部品からこのタグが外れます。');
    expect((await api.getPart(resistor.id)).tag_ids).toEqual([consumables.id]);
    await saveScreenshot(page, 'tags-modal-force-delete-desktop-light');

    await force.click();
    await tags.root().getByRole('heading', { name: 'タグ一覧 (1個)' }).waitFor();
    expect((await api.getPart(resistor.id)).tag_ids).toEqual([]);
    expect((await listTags(api)).map((tag) => tag.name)).toEqual(['電子パーツ']);
  });
});

describe('tagging parts', () => {
  it('tags inline in the unlocked table and in the part form, and filters by all chosen tags', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const redLed = await api.createPart({ name: 'LED 赤' });
    const blueLed = await api.createPart({ name: 'LED 青' });
    const screw = await api.createPart({ name: 'ネジ M3' });
    const led = await api.createTag('LED', '#EF4444');
    const red = await api.createTag('赤色', '#F59E0B');
    const parts = await openParts(page);

    // Locked (the default): tags are shown, not editable.
    await parts.setLocked(true);
    await parts.row('LED 赤').hover();
    expect(await parts.row('LED 赤').getByRole('button', { name: 'タグを編集' }).count()).toBe(0);
    await parts.setLocked(false);

    // The table mounts a row's editors when the pointer reaches the row, as a person's would.
    await parts.row('LED 赤').hover();
    await parts.row('LED 赤').getByRole('button', { name: 'タグを編集' }).click();
    const search = page.getByRole('combobox', { name: 'タグ' });
    await search.waitFor();
    // Full-width input finds the half-width name.
    await search.fill('ｌｅｄ');
    await page.getByRole('option', { name: 'LED' }).click();
    await page.getByRole('option', { name: '赤色' }).click();
    await expect.poll(async () => (await api.getPart(redLed.id)).tag_ids.toSorted()).toEqual([led.id, red.id].toSorted());
    await saveScreenshot(page, 'parts-inline-tags-desktop-light');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await parts.row('LED 赤').getByText('赤色', { exact: true }).waitFor();

    // Inline removal on another part: tag it, then take the tag off again.
    await parts.row('ネジ M3').hover();
    await parts.row('ネジ M3').getByRole('button', { name: 'タグを編集' }).click();
    await page.getByRole('option', { name: '赤色' }).click();
    await expect.poll(async () => (await api.getPart(screw.id)).tag_ids).toEqual([red.id]);
    await page.getByRole('button', { name: '赤色を外す' }).click();
    await expect.poll(async () => (await api.getPart(screw.id)).tag_ids).toEqual([]);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // The part form's selector.
    await parts.rowAction('LED 青', '詳細編集');
    const form = parts.dialog('部品を編集');
    await form.getByRole('combobox', { name: 'タグ' }).fill('LED');
    await form.getByRole('option', { name: 'LED' }).click();
    await form.getByRole('list', { name: '選択中のタグ' }).getByText('LED', { exact: true }).waitFor();
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(async () => (await api.getPart(blueLed.id)).tag_ids).toEqual([led.id]);

    // The filter keeps parts carrying every chosen tag.
    await page.getByRole('button', { name: 'タグで絞り込み' }).click();
    await page.getByRole('option', { name: 'LED' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('全2件', { exact: true }).waitFor();
    expect((await parts.shownNames()).toSorted()).toEqual(['LED 赤', 'LED 青']);

    await page.getByRole('button', { name: 'タグで絞り込み: LED' }).click();
    await page.getByRole('option', { name: '赤色' }).click();
    await page.keyboard.press('Escape');
    await page.getByText('全1件', { exact: true }).waitFor();
    expect(await parts.shownNames()).toEqual(['LED 赤']);
    await saveScreenshot(page, 'parts-tag-filter-desktop-light');

    // A chosen tag deleted meanwhile leaves the filter at once; the list follows the tags left.
    const tags = await TagManagementDialog.open(page);
    await (await tags.askToDelete('赤色')).getByRole('button', { name: '1件の部品から外して強制削除' }).click();
    await tags.root().getByRole('heading', { name: 'タグ一覧 (1個)' }).waitFor();
    await tags.close();
    await page.getByText('全2件', { exact: true }).waitFor();
    expect((await parts.shownNames()).toSorted()).toEqual(['LED 赤', 'LED 青']);
    expect(await page.getByRole('button', { name: 'タグで絞り込み: LED' }).count()).toBe(1);
  });
});

describe('CSV', () => {
  it('exports the parts, imports an edited copy back, and downloads the template', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const tag = await api.createTag('電子部品');
    const led = await api.createPart({ name: 'LED 赤', unit: '個', unit_price: 12.5, current_stock: 30, min_stock_alert: 5, part_number: 'L-001', category: '光' });
    await api.createPart({ name: '=危険な名前', unit: null, unit_price: null, current_stock: 0, min_stock_alert: 0 });
    await api.tagPart(led.id, tag.id);
    const parts = await openParts(page);

    const exported = await captureDownload(page, () => page.getByRole('button', { name: 'CSVエクスポート' }).click());
    expect(exported.fileName).toBe(`parts_${localToday()}.csv`);
    expect([...exported.bytes.subarray(0, 3)]).toEqual(BOM);
    const lines = exported.bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(EXPORT_HEADER);
    expect(lines.slice(1).filter(Boolean).toSorted()).toEqual(["'=危険な名前,,,0,0,,,,,", 'LED 赤,個,12.5,30,5,,L-001,光,,電子部品'].toSorted());

    // Edit the file as a person would: change LED 赤's price and stock, add a new part.
    const edited = Buffer.concat([
      Buffer.from(BOM),
      Buffer.from(
        [...lines.slice(0, -1).map((line) => line.replace('LED 赤,個,12.5,30,5', 'LED 赤,個,15,42,5')), 'コンデンサ 10uF,本,8,100,10,,,,,電子部品', ''].join('\r\n'),
        'utf8',
      ),
    ]);
    const importer = await CsvImportDialog.open(page);
    await importer.importFile(exported.fileName, edited);
    // LED 赤 changed, =危険な名前 did not.
    expect(await importer.counts()).toEqual({ imported: 3, created: 1, updated: 1, unchanged: 1 });
    expect(await importer.errors()).toEqual([]);
    await parts.toast('3件の部品をインポートしました').waitFor();
    await importer.root().getByRole('button', { name: '閉じる' }).last().click();

    await parts.row('コンデンサ 10uF').waitFor();
    const updated = await api.getPart(led.id);
    expect({ unit_price: updated.unit_price, current_stock: updated.current_stock, tag_ids: updated.tag_ids }).toEqual({
      unit_price: 15,
      current_stock: 42,
      tag_ids: [tag.id],
    });
    expect(await parts.row('LED 赤').innerText()).toContain('42');
    expect(await parts.row('=危険な名前').count()).toBe(1);

    await page.getByRole('button', { name: 'その他の操作' }).click();
    const template = await captureDownload(page, () => page.getByRole('menuitem', { name: 'CSVテンプレートをダウンロード' }).click());
    expect(template.fileName).toBe('parts_template.csv');
    expect([...template.bytes.subarray(0, 3)]).toEqual(BOM);
    expect(template.bytes.subarray(3).toString('utf8')).toBe('部品名,単位,単価,現在在庫,最小在庫アラート\r\n');
  });

  it('imports a Shift_JIS file from Excel: the good rows are imported, the bad one is reported by line', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const parts = await openParts(page);
    const file = encodeShiftJis(
      ['部品名,単位,単価,現在在庫,最小在庫アラート', '抵抗 1kΩ,個,2.5,200,50', '不良な行,個,-5,10,1', 'ｺﾝﾃﾞﾝｻ 100uF,本,30,40,10', ''].join('\r\n'),
    );
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(file)).toThrow();

    const importer = await CsvImportDialog.open(page);
    await importer.root().getByRole('button', { name: 'インポート', exact: true }).click();
    await importer.root().getByRole('alert').getByText('CSVファイルを選択してください').waitFor();
    await saveScreenshot(page, 'csv-import-form-desktop-light');

    await importer.importFile('excel.csv', file);
    expect(await importer.counts()).toEqual({ imported: 2, created: 2, updated: 0, unchanged: 0 });
    expect(await importer.errors()).toEqual(['3行目: 単価は0以上で入力してください']);
    await parts.toast('2件の部品をインポートしました').waitFor();
    await parts.toast('1件のエラーがありました').waitFor();
    await saveScreenshot(page, 'csv-import-result-sjis-desktop-light');

    const names = (await api.call<Array<{ name: string; unit_price: number }>>('GET', '/parts')).body.map((part) => `${part.name}:${part.unit_price}`);
    expect(names.toSorted()).toEqual(['ｺﾝﾃﾞﾝｻ 100uF:30', '抵抗 1kΩ:2.5'].toSorted());
  });
});

describe('screens', () => {
  it('tag management and the CSV import result, light and dark, desktop and 375 px', async () => {
    const setup = await browser.newPage();
    const email = uniqueEmail('tags-screens');
    const api = await signUp(setup, email);
    const part = await api.createPart({ name: 'ユニバーサル基板 95×72mm', current_stock: 12 });
    for (const [name, color] of [
      ['電子部品', '#3B82F6'],
      ['消耗品', '#F59E0B'],
      ['要発注', '#EF4444'],
      ['工具・治具（長い名前のタグの表示確認用）', '#84CC16'],
    ] as const) {
      const tag = await api.createTag(name, color);
      if (name === '電子部品') await api.tagPart(part.id, tag.id);
    }
    const badCsv = Buffer.from(
      `\uFEFF部品名,単位,単価,現在在庫,最小在庫アラート\r\n${Array.from({ length: 14 }, (_, index) =>
        index % 3 === 0 ? `,個,1,1,1` : `部品 ${index},個,${index % 4 === 1 ? 'abc' : index},${index},1`,
      ).join('\r\n')}\r\n`,
      'utf8',
    );

    for (const { width, height, colorScheme, label } of [
      { width: 1280, height: 800, colorScheme: 'light', label: 'desktop-light' },
      { width: 1280, height: 800, colorScheme: 'dark', label: 'desktop-dark' },
      { width: 375, height: 812, colorScheme: 'light', label: 'mobile-light' },
      { width: 375, height: 812, colorScheme: 'dark', label: 'mobile-dark' },
    ] as const) {
      const page = await browser.newPage({ width, height, colorScheme });
      const login = new LoginPage(page);
      await login.open();
      await login.signIn(email, PASSWORD);
      await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
      await openParts(page);

      const tags = await TagManagementDialog.open(page);
      await tags.root().getByRole('heading', { name: 'タグ一覧 (4個)' }).waitFor();
      await tags.root().getByLabel('タグ名').fill('新しいタグ');
      await tags.askToDelete('電子部品');
      await saveScreenshot(page, `tags-modal-${label}`);
      await tags.close();

      const importer = await CsvImportDialog.open(page);
      await importer.importFile('parts.csv', badCsv);
      expect((await importer.errors()).length).toBeGreaterThan(3);
      await saveScreenshot(page, `csv-import-result-${label}`);
      await importer.root().getByRole('button', { name: '閉じる' }).last().click();
      await importer.root().waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'タグで絞り込み' }).click();
      await page.getByRole('option', { name: '消耗品' }).click();
      await saveScreenshot(page, `tag-filter-open-${label}`);
    }
  });
});

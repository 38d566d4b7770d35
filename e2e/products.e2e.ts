import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './pages/auth-pages.ts';
import { ProductsApi, ProductsPage } from './pages/products-page.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { localToday } from './support/parts-setup.ts';

const browser = useBrowser();

async function signUp(page: Page) {
  const registerPage = new RegisterPage(page);
  await registerPage.open();
  await registerPage.signUp({ name: '製造担当', email: uniqueEmail('products'), password: 'password123' });
  await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
  return ProductsApi.of(page);
}

/**
 * Three parts and a product without a recipe. With the recipe ネジ M3 ×4, 木板 ×2, ニス ×10 the
 * product can be made 3 times: 木板 (7 / 2) limits it, ネジ M3 (25 / 4 = 6) and ニス (100 / 10) do not.
 */
async function seed(api: ProductsApi) {
  const screw = await api.createPart({ name: 'ネジ M3', current_stock: 25, unit_price: 10 });
  const board = await api.createPart({ name: '木板', current_stock: 7, unit_price: 300, unit: '枚' });
  const varnish = await api.createPart({ name: 'ニス', current_stock: 100, unit_price: 2, unit: 'ml' });
  const stand = await api.createProduct({ name: 'ブックスタンド', selling_price: 2500, part_number: 'BS-01' });
  const lamp = await api.createProduct({ name: 'あかりランプ', selling_price: 4800, current_stock: 4 });
  return { screw, board, varnish, stand, lamp };
}

async function openProducts(page: Page, count: number) {
  const products = new ProductsPage(page);
  await products.open();
  await products.waitForCount(count);
  return products;
}

describe('商品管理', () => {
  it('sets up a recipe, manufactures up to the maximum, refuses more, sells and shows the detail', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { screw, board, varnish, stand } = await seed(api);
    const products = await openProducts(page, 2);
    expect(await products.productNames()).toEqual(['あかりランプ', 'ブックスタンド']);
    expect(await products.rowCells('ブックスタンド')).toEqual(['ブックスタンドBS-01', '0個', '¥2,500', '0個']);

    // The recipe: an empty draft is refused; a fourth row left empty is not saved.
    const recipe = await products.openRecipe('ブックスタンド');
    await recipe.rowCount().filter({ hasText: '全1行' }).waitFor();
    await recipe.save();
    await recipe.dialog.getByRole('alert').filter({ hasText: '少なくとも1つの部品を設定してください' }).waitFor();
    await recipe.choosePart(1, 'ネジ', 'ネジ M3');
    await recipe.setQuantity(1, 4);
    await recipe.addRow();
    await recipe.choosePart(2, '木', '木板');
    await recipe.setQuantity(2, 2);
    await recipe.addRow();
    await recipe.choosePart(3, 'ニ', 'ニス');
    await recipe.setQuantity(3, 10);
    await recipe.addRow();
    await recipe.rowCount().filter({ hasText: '全4行' }).waitFor();
    // A click on the field opens its list (as the chevron does); a part chosen on one row is not offered on another.
    await recipe.partInput(4).click();
    await page.getByText('該当する部品がありません', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await recipe.showChoices(4);
    await page.getByText('該当する部品がありません', { exact: true }).waitFor();
    expect(await page.getByRole('option').count()).toBe(0);
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'products-recipe-modal-desktop');
    await recipe.save();
    await products.toast('「ブックスタンド」のレシピを保存しました').waitFor();
    await recipe.dialog.waitFor({ state: 'detached' });
    // The server keeps the lines by part name.
    expect(await api.recipe(stand.id)).toMatchObject([
      { part_name: 'ニス', quantity_required: 10 },
      { part_name: 'ネジ M3', quantity_required: 4 },
      { part_name: '木板', quantity_required: 2 },
    ]);
    await products.row('ブックスタンド').getByText('3個', { exact: true }).waitFor();

    // Manufacture: the maximum and the limiting part; one more than the maximum is refused.
    await products.chooseAction('ブックスタンド', '製造');
    const make = await products.waitForDialog('製造');
    await make.getByText('3個', { exact: true }).waitFor();
    const limiting = make.getByRole('list', { name: '製造数を制限している部品' });
    expect(await limiting.getByRole('listitem').allTextContents()).toEqual(['木板在庫 7 / 1個あたり 2']);
    expect(await make.getByLabel('製造数量').inputValue()).toBe('1');
    expect(await make.getByLabel('製造日').inputValue()).toBe(localToday());
    await make.getByLabel('製造数量').fill('4');
    await make.getByRole('button', { name: '製造する' }).click();
    await make.getByText('製造数量が製造可能数を超えています(最大: 3個)', { exact: true }).waitFor();
    await saveScreenshot(page, 'products-manufacture-modal-desktop');
    await make.getByLabel('製造数量').fill('3');
    await make.getByLabel('備考').fill('初回ロット');
    await make.getByRole('button', { name: '製造する' }).click();
    await products.toast('ブックスタンドを3個製造しました').waitFor();
    await make.waitFor({ state: 'detached' });
    await products.row('ブックスタンド').getByText('3個', { exact: true }).waitFor();
    expect(await products.rowCells('ブックスタンド')).toEqual(['ブックスタンドBS-01', '3個', '¥2,500', '0個']);
    expect((await api.part(screw.id)).current_stock).toBe(13);
    expect((await api.part(board.id)).current_stock).toBe(1);
    expect((await api.part(varnish.id)).current_stock).toBe(70);

    // Sell: more than the stock is refused; 2 of 3 go.
    await products.chooseAction('ブックスタンド', '販売');
    const sell = await products.waitForDialog('販売');
    await sell.getByText('3個', { exact: true }).waitFor();
    expect(await sell.getByLabel('販売単価（円）').inputValue()).toBe('2500');
    await sell.getByLabel('販売数量').fill('5');
    await sell.getByRole('button', { name: '販売する' }).click();
    await sell.getByText('販売数量が在庫数を超えています(在庫: 3個)', { exact: true }).waitFor();
    await saveScreenshot(page, 'products-sell-modal-desktop');
    await sell.getByLabel('販売数量').fill('2');
    await sell.getByText('販売金額: ¥5,000').waitFor();
    await sell.getByRole('button', { name: '販売する' }).click();
    await products.toast('ブックスタンドを2個販売しました').waitFor();
    await sell.waitFor({ state: 'detached' });
    await products.row('ブックスタンド').getByText('1個', { exact: true }).waitFor();
    expect((await api.product(stand.id)).current_stock).toBe(1);

    // The detail: cost breakdown (660 yen of parts) and the movements, newest first.
    await products.row('ブックスタンド').getByRole('button', { name: 'ブックスタンド', exact: true }).click();
    const detail = await products.waitForDialog('ブックスタンド');
    const cost = detail.getByRole('table', { name: '原価内訳' });
    await cost.waitFor();
    const costRows = await cost.getByRole('row').evaluateAll((rows) => rows.map((row) => Array.from(row.children).map((cell) => cell.textContent)));
    expect(costRows).toEqual([
      ['部品名', '単価', '必要数量', '小計'],
      ['ニス', '¥2', '10ml', '¥20'],
      ['ネジ M3', '¥10', '4個', '¥40'],
      ['木板', '¥300', '2枚', '¥600'],
    ]);
    for (const text of ['¥660', '¥1,840', '73.6%']) await detail.getByText(text, { exact: true }).waitFor();
    const movements = detail.getByRole('table', { name: '在庫履歴' });
    await movements.waitFor();
    const movementRows = await movements
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => Array.from(row.children).slice(1).map((cell) => cell.textContent)));
    expect(movementRows).toEqual([
      ['販売', '-2', '1個', '製造担当', '-'],
      ['製造', '+3', '3個', '製造担当', '-'],
    ]);
    await saveScreenshot(page, 'products-detail-modal-desktop');
    await detail.getByRole('button', { name: '閉じる' }).last().click();
    await detail.waitFor({ state: 'detached' });
  });

  it('copies a product with its recipe and stock 0, edits and deletes', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { screw, board, stand } = await seed(api);
    await api.setRecipe(stand.id, [
      [screw.id, 4],
      [board.id, 2],
    ]);
    await api.manufacture(stand.id, { quantity: 2, manufacturing_date: localToday() });
    const products = await openProducts(page, 2);
    expect(await products.rowCells('ブックスタンド')).toEqual(['ブックスタンドBS-01', '2個', '¥2,500', '1個']);

    await products.chooseAction('ブックスタンド', 'コピー');
    const copy = await products.waitForDialog('商品のコピー');
    expect(await copy.getByLabel('新しい商品名').inputValue()).toBe('ブックスタンド (コピー)');
    await copy.getByText('販売価格・URL・品番とレシピがコピーされます', { exact: false }).waitFor();
    await saveScreenshot(page, 'products-copy-modal-desktop');
    await copy.getByLabel('新しい商品名').fill('');
    await copy.getByRole('button', { name: 'コピー', exact: true }).click();
    await copy.getByText('商品名は必須です', { exact: true }).waitFor();
    await copy.getByLabel('新しい商品名').fill('ブックスタンド (コピー)');
    await copy.getByRole('button', { name: 'コピー', exact: true }).click();
    await products.toast('商品「ブックスタンド (コピー)」としてコピーしました').waitFor();
    await products.waitForCount(3);
    // The copy: same price and part number, stock 0, and the recipe (so 1 can be made from the parts left).
    expect(await products.rowCells('ブックスタンド (コピー)')).toEqual(['ブックスタンド (コピー)BS-01', '0個', '¥2,500', '1個']);
    const recipe = await products.openRecipe('ブックスタンド (コピー)');
    expect(await recipe.rows()).toEqual([
      { part: 'ネジ M3', quantity: '4' },
      { part: '木板', quantity: '2' },
    ]);
    await recipe.rowCount().filter({ hasText: '全2行' }).waitFor();
    await recipe.dialog.getByRole('button', { name: 'キャンセル' }).click();

    // Edit: name and price; an emptied name is refused with its message.
    await products.chooseAction('ブックスタンド (コピー)', '編集');
    const edit = await products.waitForDialog('商品を編集');
    await edit.getByLabel('商品名').fill('');
    await edit.getByRole('button', { name: '保存', exact: true }).click();
    await edit.getByText('商品名は必須です', { exact: true }).waitFor();
    await edit.getByLabel('商品名').fill('ブックスタンド 大');
    await edit.getByLabel('販売価格（円）').fill('3200');
    await saveScreenshot(page, 'products-edit-modal-desktop');
    await edit.getByRole('button', { name: '保存', exact: true }).click();
    await products.toast('商品「ブックスタンド 大」を更新しました').waitFor();
    await edit.waitFor({ state: 'detached' });
    expect(await products.rowCells('ブックスタンド 大')).toEqual(['ブックスタンド 大BS-01', '0個', '¥3,200', '1個']);
    await saveScreenshot(page, 'products-desktop');
    // The original kept its stock: the form did not send the copy's stock back.
    expect((await api.product(stand.id)).current_stock).toBe(2);

    await products.chooseAction('ブックスタンド 大', '削除');
    const remove = await products.waitForDialog('商品の削除');
    await remove.getByText('ブックスタンド 大', { exact: true }).waitFor();
    await remove.getByRole('button', { name: '削除', exact: true }).click();
    await products.toast('商品「ブックスタンド 大」を削除しました').waitFor();
    await products.waitForCount(2);
    expect(await products.productNames()).toEqual(['あかりランプ', 'ブックスタンド']);
    expect((await api.products()).map((product) => product.name).sort()).toEqual(['あかりランプ', 'ブックスタンド']);
  });

  it("shows the server's refusal when the parts were used meanwhile, and the fresh count", async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { screw, board, varnish, stand } = await seed(api);
    await api.setRecipe(stand.id, [
      [screw.id, 4],
      [board.id, 2],
      [varnish.id, 10],
    ]);
    const products = await openProducts(page, 2);
    await products.chooseAction('ブックスタンド', '製造');
    const make = await products.waitForDialog('製造');
    await make.getByText('3個', { exact: true }).waitFor();
    // Someone else makes 2 while the dialog still says 3.
    await api.manufacture(stand.id, { quantity: 2, manufacturing_date: localToday() });
    await make.getByLabel('製造数量').fill('3');
    await make.getByRole('button', { name: '製造する' }).click();
    await products.toast('製造数量が製造可能数を超えています(最大: 1個)').waitFor();
    await make.getByRole('button', { name: 'キャンセル' }).click();
    await products.row('ブックスタンド').getByText('1個', { exact: true }).waitFor();
  });

  it('adds a product through the form', async () => {
    const page = await browser.newPage();
    await signUp(page);
    const products = new ProductsPage(page);
    await products.open();
    await page.getByText('商品が登録されていません').waitFor();
    await page.getByRole('button', { name: '商品を追加' }).click();
    const add = await products.waitForDialog('商品を追加');
    await add.getByRole('button', { name: '保存', exact: true }).click();
    await add.getByText('商品名は必須です', { exact: true }).waitFor();
    await add.getByLabel('商品名').fill('木製トレイ');
    await add.getByLabel('販売価格（円）').fill('1980');
    await add.getByLabel('在庫数').fill('5');
    await add.getByLabel('URL').fill('https://example.com/tray');
    await saveScreenshot(page, 'products-add-modal-desktop');
    await add.getByRole('button', { name: '保存', exact: true }).click();
    await products.toast('商品「木製トレイ」を追加しました').waitFor();
    await products.waitForCount(1);
    expect(await products.rowCells('木製トレイ')).toEqual(['木製トレイ', '5個', '¥1,980', '0個']);
    await products.row('木製トレイ').getByRole('link', { name: '「木製トレイ」のURLを開く' }).waitFor();
  });
});

describe('商品管理 at 375 px', () => {
  it('shows cards and the dialogs fit a phone', async () => {
    const page = await browser.newPage({ width: 375, height: 800 });
    const api = await signUp(page);
    const { screw, board, varnish, stand } = await seed(api);
    await api.setRecipe(stand.id, [
      [screw.id, 4],
      [board.id, 2],
      [varnish.id, 10],
    ]);
    const products = await openProducts(page, 2);
    expect(await products.productNames()).toEqual(['あかりランプ', 'ブックスタンド']);
    await products.row('ブックスタンド').getByText('3個', { exact: true }).waitFor();
    const noHorizontalScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await noHorizontalScroll();
    await saveScreenshot(page, 'products-mobile');

    const recipe = await products.openRecipe('ブックスタンド');
    expect(await recipe.rows()).toEqual([
      { part: 'ニス', quantity: '10' },
      { part: 'ネジ M3', quantity: '4' },
      { part: '木板', quantity: '2' },
    ]);
    await saveScreenshot(page, 'products-recipe-modal-mobile');
    await recipe.dialog.getByRole('button', { name: 'キャンセル' }).click();

    await products.chooseAction('ブックスタンド', '製造');
    const make = await products.waitForDialog('製造');
    await make.getByRole('list', { name: '製造数を制限している部品' }).waitFor();
    await saveScreenshot(page, 'products-manufacture-modal-mobile');
    await make.getByLabel('製造数量').fill('3');
    await make.getByRole('button', { name: '製造する' }).click();
    await products.toast('ブックスタンドを3個製造しました').waitFor();

    await products.chooseAction('ブックスタンド', '販売');
    const sell = await products.waitForDialog('販売');
    await saveScreenshot(page, 'products-sell-modal-mobile');
    await sell.getByLabel('販売数量').fill('1');
    await sell.getByRole('button', { name: '販売する' }).click();
    await products.toast('ブックスタンドを1個販売しました').waitFor();
    await products.row('ブックスタンド').getByText('2個', { exact: true }).waitFor();

    await products.chooseAction('ブックスタンド', 'コピー');
    await products.waitForDialog('商品のコピー');
    await saveScreenshot(page, 'products-copy-modal-mobile');
    await products.dialog('商品のコピー').getByRole('button', { name: 'キャンセル' }).click();

    await products.row('ブックスタンド').getByRole('button', { name: 'ブックスタンド', exact: true }).click();
    const detail = await products.waitForDialog('ブックスタンド');
    await detail.getByRole('table', { name: '在庫履歴' }).waitFor();
    await detail.getByRole('table', { name: '原価内訳' }).waitFor();
    await saveScreenshot(page, 'products-detail-modal-mobile');
    await noHorizontalScroll();
  });
});

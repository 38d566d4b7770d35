import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';

/** The タグ管理 modal, opened from the parts toolbar's overflow menu. */
export class TagManagementDialog {
  constructor(readonly page: Page) {}

  static async open(page: Page) {
    await page.getByRole('button', { name: 'その他の操作' }).click();
    await page.getByRole('menuitem', { name: 'タグ管理' }).click();
    const dialog = new TagManagementDialog(page);
    await dialog.heading().waitFor();
    return dialog;
  }

  root() {
    return this.page.getByRole('dialog', { name: 'タグ管理' });
  }

  heading() {
    return this.root().getByRole('heading', { name: /^タグ一覧 \(\d+個\)$/ });
  }

  /** A colour is named as the palette buttons are: '紫 (#8B5CF6)'. Without one, the suggested colour stays. */
  async create(name: string, color?: string) {
    await this.root().getByLabel('タグ名').fill(name);
    if (color) await this.root().getByRole('group', { name: '新しいタグの色' }).getByRole('button', { name: color }).click();
    await this.root().getByRole('button', { name: '作成', exact: true }).click();
  }

  /** The list entry of a tag, found by its exact name. */
  row(name: string): Locator {
    return this.root()
      .getByRole('listitem')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  badge(name: string) {
    return this.row(name).getByText(name, { exact: true });
  }

  async rename(from: string, to: string) {
    await this.root().getByRole('button', { name: `「${from}」の名前を変更` }).click();
    const input = this.root().getByRole('textbox', { name: `「${from}」の新しい名前` });
    await input.fill(to);
    await input.press('Enter');
  }

  async recolor(name: string, color: string) {
    await this.root().getByRole('button', { name: `「${name}」の色を変更` }).click();
    await this.root().getByRole('group', { name: `「${name}」の色` }).getByRole('button', { name: color }).click();
  }

  async askToDelete(name: string) {
    await this.root().getByRole('button', { name: `「${name}」を削除` }).click();
    return this.root().getByRole('group', { name: `「${name}」の削除` });
  }

  async close() {
    await this.root().getByRole('button', { name: '閉じる' }).first().click();
    await this.root().waitFor({ state: 'detached' });
  }
}

/** The CSVインポート modal. */
export class CsvImportDialog {
  constructor(readonly page: Page) {}

  static async open(page: Page) {
    await page.getByRole('button', { name: /インポート$/ }).click();
    const dialog = new CsvImportDialog(page);
    await dialog.root().getByLabel('CSVファイル').waitFor();
    return dialog;
  }

  root() {
    return this.page.getByRole('dialog', { name: 'CSVインポート' });
  }

  async importFile(name: string, content: Buffer) {
    await this.root().getByLabel('CSVファイル').setInputFiles({ name, mimeType: 'text/csv', buffer: content });
    await this.root().getByRole('button', { name: 'インポート', exact: true }).click();
    await this.result().waitFor();
  }

  result() {
    return this.root().getByRole('region', { name: 'インポート結果' });
  }

  /** The result's counts: 取り込み, 新規登録, 更新, 変更なし. */
  async counts() {
    const values = await this.result().getByRole('definition').allInnerTexts();
    const [imported, created, updated, unchanged] = values.map((value) => Number(value.replace(/[件,]/g, '')));
    return { imported, created, updated, unchanged };
  }

  async errors() {
    const list = this.result().getByRole('list', { name: /^エラー/ });
    return (await list.count()) === 0 ? [] : list.getByRole('listitem').allInnerTexts();
  }
}

/** Clicks something that downloads a file; answers the suggested file name and the exact bytes. */
export async function captureDownload(page: Page, trigger: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), bytes: await readFile(path) };
}

let shiftJisTable: Map<string, number[]> | null = null;

/**
 * Text as Excel on Japanese Windows saves a CSV (Shift_JIS). Node decodes Shift_JIS but cannot
 * encode it, so the table is built by decoding every double-byte code once.
 */
export function encodeShiftJis(text: string): Buffer {
  if (!shiftJisTable) {
    const decoder = new TextDecoder('shift_jis', { fatal: true });
    shiftJisTable = new Map();
    // Half-width katakana are single bytes.
    for (let byte = 0xa1; byte <= 0xdf; byte++) shiftJisTable.set(decoder.decode(Uint8Array.of(byte)), [byte]);
    for (let lead = 0x81; lead <= 0xfc; lead++) {
      if (lead >= 0xa0 && lead <= 0xdf) continue;
      for (let trail = 0x40; trail <= 0xfc; trail++) {
        try {
          const char = decoder.decode(Uint8Array.of(lead, trail));
          if (!shiftJisTable.has(char)) shiftJisTable.set(char, [lead, trail]);
        } catch {
          // Not a character in Shift_JIS.
        }
      }
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const encoded = shiftJisTable.get(char);
      if (!encoded) throw new Error(`not encodable in Shift_JIS: ${char}`);
      bytes.push(...encoded);
    }
  }
  return Buffer.from(bytes);
}

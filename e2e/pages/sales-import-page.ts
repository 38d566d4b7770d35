import type { Page } from 'playwright-core';

/** 販売管理 → 注文を取り込む (/sales/import). */
export class SalesImportPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/sales/import');
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: '注文を取り込む', level: 1 });
  }

  async chooseFile(file: { name: string; content: string }) {
    await this.page.getByLabel('CSVファイル', { exact: true }).setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: Buffer.from(file.content) });
  }

  async chooseSource(label: string) {
    await this.page.getByLabel('取り込み元', { exact: true }).selectOption({ label });
  }

  mappingForm() {
    return this.page.getByRole('form', { name: '新しい取り込み形式' });
  }

  /** The mapping's columns as field → chosen header, once the file's header row has been read. */
  async mappedColumns(): Promise<Record<string, string>> {
    const form = this.mappingForm();
    await form.getByRole('table', { name: /読み取りの確認/ }).waitFor();
    const selects = form.getByRole('combobox');
    const result: Record<string, string> = {};
    for (const select of await selects.all()) {
      const label = await select.evaluate((element) => (element as HTMLSelectElement).labels?.[0]?.textContent ?? '');
      result[label] = await select.evaluate((element) => (element as HTMLSelectElement).value);
    }
    return result;
  }

  async saveFormat(name: string) {
    const form = this.mappingForm();
    await form.getByLabel('形式名', { exact: true }).fill(name);
    await form.getByRole('button', { name: '形式を保存' }).click();
  }

  previewSection() {
    return this.page.getByRole('region', { name: '2. プレビュー' });
  }

  resultSection() {
    return this.page.getByRole('region', { name: '取り込み結果' });
  }

  /** The counts of the preview or result section as label → value. */
  async counts(section: 'preview' | 'result'): Promise<Record<string, string>> {
    const region = section === 'preview' ? this.previewSection() : this.resultSection();
    await region.waitFor();
    const labels = await region.locator('dl dt').allTextContents();
    const values = await region.locator('dl dd').allTextContents();
    return Object.fromEntries(labels.map((label, index) => [label, values[index] ?? '']));
  }

  async preview() {
    await this.page.getByRole('button', { name: 'プレビュー' }).click();
    await this.previewSection().waitFor();
  }

  async chooseProductFor(line: string, product: string) {
    await this.page.getByLabel(`「${line}」に対応する商品`).selectOption({ label: product });
    await this.page.getByRole('button', { name: `「${line}」の対応を保存` }).click();
    await this.page.getByLabel(`「${line}」に対応する商品`).waitFor({ state: 'detached' });
  }

  async importNow() {
    await this.previewSection().getByRole('button', { name: '取り込む' }).click();
    await this.resultSection().waitFor();
  }

  historyRows() {
    return this.page.getByRole('table', { name: '取り込み履歴' }).getByRole('row').or(this.page.getByRole('list', { name: '取り込み履歴' }).getByRole('listitem'));
  }
}

// How many parts, tags and products one workspace may hold, so that no screen's heaviest call
// (the parts list and export, tag lists, capacity of every product, the dashboard) grows past
// what the server answers in a bounded time. The README's Limits section lists them; the server
// answers 409 with these messages at the limit (creating, copying, or importing a CSV file).

export const WORKSPACE_LIMITS = {
  /** Twice the performance budgets' 10,000 parts; the parts list and the CSV export stay bounded. */
  parts: 20_000,
  tags: 500,
  /** With at most 200 recipe lines each: 400,000 lines for the capacity of every product, in one query. */
  products: 2_000,
  /** Saved shop order formats (販売管理 → 注文を取り込む): one per shop is a handful. */
  salesImportFormats: 50,
  /** Remembered product choices for shop lines, one per distinct SKU and name. */
  salesImportAliases: 10_000,
} as const;

export type LimitedKind = keyof typeof WORKSPACE_LIMITS;

const count = (kind: LimitedKind) => WORKSPACE_LIMITS[kind].toLocaleString('ja-JP');

export const workspaceLimitMessages: Record<LimitedKind, string> = {
  parts: `部品は1つのワークスペースにつき最大${count('parts')}件までです`,
  tags: `タグは1つのワークスペースにつき最大${count('tags')}件までです`,
  products: `商品は1つのワークスペースにつき最大${count('products')}件までです`,
  salesImportFormats: `取り込み形式は1つのワークスペースにつき最大${count('salesImportFormats')}件までです`,
  salesImportAliases: `商品の対応付けは1つのワークスペースにつき最大${count('salesImportAliases')}件までです`,
};

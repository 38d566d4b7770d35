import type { Product } from '@inventory/contracts/products';
import type { SalesImportAlias, salesImportAliasBody } from '@inventory/contracts/sales-import';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { isForeignKeyViolation, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { nowIso } from '../../lib/time.ts';
import { listProducts } from '../products/products-repository.ts';
import type { StockActor } from '../stock/item-stock.ts';
import { ensureRoomForOneMore } from '../workspaces/workspace-limits.ts';
import type { OrderLine } from './order-file.ts';
import { readingOf } from './sales-import-formats.ts';

// Which product an order line is, in this order: the product whose part number (品番) is the
// line's SKU; else the product whose name is the line's name, both compared after trimming and
// Unicode NFKC (full-width and half-width forms alike); else what the workspace chose for this
// source, SKU and name before (POST /sales/import/aliases: a product, or null for 取り込まない).
// Product names and part numbers are not unique: the oldest product (lowest id) of a name wins.

export type LineMatch = { kind: 'product'; product: Product } | { kind: 'skip' } | { kind: 'unmatched' };

const normalise = (text: string) => text.normalize('NFKC').trim();
const aliasKey = (sku: string, name: string) => `${sku}\u0000${name}`;

export interface ProductMatcher {
  /** The workspace's products as read, in id order. */
  products: Product[];
  match(line: Pick<OrderLine, 'sku' | 'name'>): LineMatch;
}

/** The workspace's products and the source's aliases, read once for a whole file. */
export async function loadProductMatcher(db: DbOrTx, workspaceId: number, source: string): Promise<ProductMatcher> {
  const [products, aliases] = await Promise.all([
    listProducts(db, workspaceId),
    db
      .selectFrom('sales_import_aliases')
      .select(['external_sku', 'external_name', 'product_id'])
      .where('workspace_id', '=', workspaceId)
      .where('source', '=', source)
      .execute(),
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  const bySku = new Map<string, Product>();
  const byName = new Map<string, Product>();
  for (const product of products) {
    const sku = normalise(product.part_number ?? '');
    if (sku !== '' && !bySku.has(sku)) bySku.set(sku, product);
    const name = normalise(product.name);
    if (!byName.has(name)) byName.set(name, product);
  }
  const chosen = new Map(aliases.map((alias) => [aliasKey(alias.external_sku, alias.external_name), alias.product_id]));
  return {
    products,
    match({ sku, name }) {
      const product = (sku !== '' ? bySku.get(normalise(sku)) : undefined) ?? (name !== '' ? byName.get(normalise(name)) : undefined);
      if (product) return { kind: 'product', product };
      const key = aliasKey(sku, name);
      if (!chosen.has(key)) return { kind: 'unmatched' };
      const productId = chosen.get(key);
      const aliased = productId === null || productId === undefined ? undefined : byId.get(productId);
      return aliased ? { kind: 'product', product: aliased } : { kind: 'skip' };
    },
  };
}

const countAliases = async (trx: DbOrTx, workspaceId: number) =>
  Number(
    (
      await trx
        .selectFrom('sales_import_aliases')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
    ).count,
  );

type AliasBody = z.output<typeof salesImportAliasBody>;

/**
 * Remembers what lines of the source with this SKU and name are (a product of the workspace, or
 * null: 取り込まない), replacing an earlier choice. A format or product of another workspace is 404.
 */
export async function saveAlias(db: Db, actor: StockActor, body: AliasBody): Promise<SalesImportAlias> {
  await readingOf(db, actor.workspaceId, body.source);
  try {
    return await db.transaction().execute(async (trx) => {
      if (body.product_id !== null && !(await productExists(trx, actor.workspaceId, body.product_id))) throw notFound(notFoundMessages.product);
      const existing = await trx
        .selectFrom('sales_import_aliases')
        .select('id')
        .where('workspace_id', '=', actor.workspaceId)
        .where('source', '=', body.source)
        .where('external_sku', '=', body.external_sku)
        .where('external_name', '=', body.external_name)
        .executeTakeFirst();
      if (!existing) await ensureRoomForOneMore(trx, actor.workspaceId, 'salesImportAliases', countAliases);
      const now = nowIso();
      await trx
        .insertInto('sales_import_aliases')
        .values({
          workspace_id: actor.workspaceId,
          source: body.source,
          external_sku: body.external_sku,
          external_name: body.external_name,
          product_id: body.product_id,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict.columns(['workspace_id', 'source', 'external_sku', 'external_name']).doUpdateSet({ product_id: body.product_id, updated_at: now }),
        )
        .execute();
      return { source: body.source, external_sku: body.external_sku, external_name: body.external_name, product_id: body.product_id };
    });
  } catch (error) {
    // The product was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(notFoundMessages.product);
    throw error;
  }
}

async function productExists(trx: DbOrTx, workspaceId: number, productId: number): Promise<boolean> {
  const row = await trx.selectFrom('products').select('id').where('id', '=', productId).where('workspace_id', '=', workspaceId).executeTakeFirst();
  return row !== undefined;
}

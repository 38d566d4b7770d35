import type { Sale } from '@inventory/contracts/products';
import type { Insertable, Selectable } from 'kysely';
import type { DbOrTx } from '../../db/create-database.ts';
import type { SalesTable } from '../../db/schema.ts';
import { percentWithOneDecimal, senToYen } from '../../lib/money.ts';

// All SQL of the sales table. A sale keeps the product's name, so it survives the product's
// deletion (product_id becomes null). Money is stored in sen and answered in yen.

export const SALE_COLUMNS = [
  'id',
  'product_id',
  'product_name',
  'quantity',
  'unit_price_sen',
  'total_amount_sen',
  'total_cost_sen',
  'profit_sen',
  'sale_date',
  'url',
  'notes',
  'created_at',
] as const;

type SaleRow = Pick<Selectable<SalesTable>, (typeof SALE_COLUMNS)[number]>;

export function toSale(row: SaleRow): Sale {
  const total = Number(row.total_amount_sen);
  const profit = Number(row.profit_sen);
  return {
    id: row.id,
    product_id: row.product_id,
    product_name: row.product_name,
    quantity: row.quantity,
    unit_price: senToYen(Number(row.unit_price_sen)),
    total_amount: senToYen(total),
    total_cost: senToYen(Number(row.total_cost_sen)),
    profit: senToYen(profit),
    profit_margin: total === 0 ? 0 : percentWithOneDecimal(profit, total),
    sale_date: row.sale_date,
    url: row.url,
    notes: row.notes,
    created_at: row.created_at,
  };
}

/** Stores a sale; answers it as the API shows it. */
export async function insertSale(db: DbOrTx, values: Insertable<SalesTable>): Promise<Sale> {
  const row = await db.insertInto('sales').values(values).returning(SALE_COLUMNS).executeTakeFirstOrThrow();
  return toSale(row);
}

/** Sum of the totals of sales dated from `from` to `to` (both inclusive), in yen; 0 without sales. */
export async function sumSalesBetween(db: DbOrTx, workspaceId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('sales')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_amount_sen'), eb.lit(0)).as('total_sen'))
    .where('workspace_id', '=', workspaceId)
    .where('sale_date', '>=', from)
    .where('sale_date', '<=', to)
    .executeTakeFirstOrThrow();
  return senToYen(Number(row.total_sen));
}

/** The latest `limit` sales: newest sale date first, the same day's newest first. */
export async function listLatestSales(db: DbOrTx, workspaceId: number, limit: number): Promise<Sale[]> {
  const rows = await db
    .selectFrom('sales')
    .select(SALE_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .orderBy('sale_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toSale);
}

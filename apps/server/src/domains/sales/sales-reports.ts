import type { ProductSalesStatistics, SalesSummary, SalesTrendPoint } from '@inventory/contracts/sales';
import type { DbOrTx } from '../../db/database.ts';
import { percentWithOneDecimal, senToYen } from '../../lib/money.ts';
import { localDateString } from '../../lib/time.ts';
import { type SalesFilters, type SalesTotals, sumSales, sumSalesByMonth, sumSalesByProduct } from './sales-repository.ts';

// The sales reports of 販売管理: the database sums (in sen, from the totals indexes); this file
// turns the sums into yen, margins and averages (margin = profit / total × 100, average =
// total / count).

/** profit / amount × 100 with 1 decimal; 0 without sales amount (a margin of nothing is not a number). */
const marginOf = (totals: SalesTotals) => (totals.amountSen === 0 ? 0 : percentWithOneDecimal(totals.profitSen, totals.amountSen));

export async function getSalesSummary(db: DbOrTx, workspaceId: number, filters: SalesFilters): Promise<SalesSummary> {
  const totals = await sumSales(db, workspaceId, filters);
  return {
    total_sales: senToYen(totals.amountSen),
    total_cost: senToYen(totals.costSen),
    total_profit: senToYen(totals.profitSen),
    profit_margin: marginOf(totals),
    total_transactions: totals.transactions,
    // Rounded to whole sen, so the answer stays a yen amount with at most 2 decimals.
    average_transaction: totals.transactions === 0 ? 0 : senToYen(Math.round(totals.amountSen / totals.transactions)),
  };
}

export async function listProductSalesStatistics(db: DbOrTx, workspaceId: number, filters: SalesFilters): Promise<ProductSalesStatistics[]> {
  const rows = await sumSalesByProduct(db, workspaceId, filters);
  return rows.map((row) => ({
    product_id: row.productId,
    product_name: row.productName,
    total_quantity: row.quantity,
    total_amount: senToYen(row.amountSen),
    total_cost: senToYen(row.costSen),
    total_profit: senToYen(row.profitSen),
    profit_margin: marginOf(row),
    // Every group has at least one sale of quantity ≥ 1.
    avg_unit_price: Math.round(row.amountSen / (row.quantity * 100)),
    total_transactions: row.transactions,
  }));
}

const monthKey = (date: Date) => localDateString(date).slice(0, 7);

/**
 * The last `months` calendar months up to the current one (server local date), oldest first,
 * months without sales as 0; the sales of one product only with `productId`.
 */
export async function getSalesTrend(
  db: DbOrTx,
  workspaceId: number,
  { months, productId }: { months: number; productId?: number | undefined },
  today = new Date(),
): Promise<SalesTrendPoint[]> {
  const first = new Date(today.getFullYear(), today.getMonth() - (months - 1), 1);
  const next = new Date(today.getFullYear(), today.getMonth() + 1, 1);
  const byMonth = await sumSalesByMonth(db, workspaceId, { from: `${monthKey(first)}-01`, before: `${monthKey(next)}-01`, productId });
  return Array.from({ length: months }, (_, index) => {
    const month = monthKey(new Date(first.getFullYear(), first.getMonth() + index, 1));
    const totals = byMonth.get(month);
    return {
      month,
      total_sales: senToYen(totals?.amountSen ?? 0),
      total_cost: senToYen(totals?.costSen ?? 0),
      total_profit: senToYen(totals?.profitSen ?? 0),
      total_transactions: totals?.transactions ?? 0,
    };
  });
}

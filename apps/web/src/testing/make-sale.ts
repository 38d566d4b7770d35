import type { ProductSalesStatistics, Sale, SalesSummary, SalesTrendPoint } from '@inventory/contracts/sales';

let nextId = 1;

/** A sale as GET /sales answers it, with overrides (the amounts follow from quantity and prices unless given). */
export function makeSale(overrides: Partial<Sale> = {}): Sale {
  const id = overrides.id ?? nextId++;
  const quantity = overrides.quantity ?? 2;
  const unitPrice = overrides.unit_price ?? 1000;
  const totalAmount = overrides.total_amount ?? quantity * unitPrice;
  const totalCost = overrides.total_cost ?? quantity * 400;
  const profit = overrides.profit ?? totalAmount - totalCost;
  return {
    id,
    product_id: 1,
    product_name: `商品${id}`,
    quantity,
    unit_price: unitPrice,
    total_amount: totalAmount,
    total_cost: totalCost,
    profit,
    profit_margin: totalAmount === 0 ? 0 : Math.round((profit / totalAmount) * 1000) / 10,
    sale_date: '2026-05-01',
    url: null,
    notes: null,
    imported_from: null,
    created_at: '2026-05-01T00:00:00.000Z',
    ...overrides,
  };
}

/** GET /sales/summary, with overrides. */
export function makeSalesSummary(overrides: Partial<SalesSummary> = {}): SalesSummary {
  return {
    total_sales: 0,
    total_cost: 0,
    total_profit: 0,
    profit_margin: 0,
    total_transactions: 0,
    average_transaction: 0,
    ...overrides,
  };
}

/** One row of GET /sales/by-product, with overrides. */
export function makeProductSalesStatistics(overrides: Partial<ProductSalesStatistics> = {}): ProductSalesStatistics {
  return {
    product_id: 1,
    product_name: '商品1',
    total_quantity: 0,
    total_amount: 0,
    total_cost: 0,
    total_profit: 0,
    profit_margin: 0,
    avg_unit_price: 0,
    total_transactions: 0,
    ...overrides,
  };
}

/** One month of GET /sales/trend, with overrides. */
export function makeSalesTrendPoint(overrides: Partial<SalesTrendPoint> & Pick<SalesTrendPoint, 'month'>): SalesTrendPoint {
  return { total_sales: 0, total_cost: 0, total_profit: 0, total_transactions: 0, ...overrides };
}

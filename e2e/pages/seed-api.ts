import type { Page } from 'playwright-core';
import { ApiSession } from '../support/api-session.ts';

export interface SeededItem {
  id: number;
  name: string;
  current_stock: number;
}

export interface SeededSale {
  id: number;
  product_id: number | null;
  product_name: string;
  quantity: number;
  unit_price: number;
  total_amount: number;
  total_cost: number;
  sale_date: string;
  url: string | null;
  notes: string | null;
}

/**
 * Seeds and reads the dashboard's and 販売管理's data through the API with the session of the
 * signed-in page: parts, products with recipes, orders, plans, manufactures and sales.
 */
export class SeedApi {
  private constructor(private readonly api: ApiSession) {}

  static async of(page: Page) {
    return new SeedApi(await ApiSession.of(page));
  }

  createPart(body: { name: string; current_stock?: number; min_stock_alert?: number; unit_price?: number; unit?: string }) {
    return this.api.post<SeededItem>('/parts', body);
  }

  createProduct(body: { name: string; selling_price?: number; current_stock?: number }) {
    return this.api.post<SeededItem>('/products', body);
  }

  setRecipe(productId: number, lines: ReadonlyArray<readonly [partId: number, quantity: number]>) {
    return this.api.post<unknown>(`/products/${productId}/recipe`, {
      recipes: lines.map(([part_id, quantity_required]) => ({ part_id, quantity_required })),
    });
  }

  /** An open order of a part (発注済み); dates yyyy-MM-dd. */
  order(partId: number, body: { quantity: number; order_date: string; expected_delivery_date: string }) {
    return this.api.post<{ id: number }>(`/parts/${partId}/order`, body);
  }

  createPlan(body: { product_id: number; quantity: number; start_date: string; end_date: string }) {
    return this.api.post<{ id: number }>('/manufacturing/plans', body);
  }

  manufacture(productId: number, body: { quantity: number; manufacturing_date: string }) {
    return this.api.post<unknown>(`/manufacturing/products/${productId}/manufacture`, body);
  }

  sell(productId: number, body: { quantity: number; unit_price: number; sale_date: string; url?: string; notes?: string }) {
    return this.api.post<{ sale: SeededSale }>(`/products/${productId}/sell`, body).then(({ sale }) => sale);
  }

  deleteProduct(productId: number) {
    return this.api.delete<unknown>(`/products/${productId}`);
  }

  product(productId: number) {
    return this.api.get<SeededItem>(`/products/${productId}`);
  }

  sales() {
    return this.api.get<SeededSale[]>('/sales');
  }
}

import type { APIResponse, Page } from 'playwright-core';

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

async function answer<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Seeds and reads the dashboard's and 販売管理's data through the API with the session of the
 * signed-in page: parts, products with recipes, orders, plans, manufactures and sales.
 */
export class SeedApi {
  private constructor(
    private readonly page: Page,
    private readonly token: string,
  ) {}

  static async of(page: Page) {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    if (!token) throw new Error('not signed in');
    return new SeedApi(page, token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  private post<T>(path: string, data: unknown) {
    return this.page.request.post(`/api${path}`, { headers: this.headers, data }).then((response) => answer<T>(response, `POST ${path}`));
  }

  private get<T>(path: string) {
    return this.page.request.get(`/api${path}`, { headers: this.headers }).then((response) => answer<T>(response, `GET ${path}`));
  }

  createPart(body: { name: string; current_stock?: number; min_stock_alert?: number; unit_price?: number; unit?: string }) {
    return this.post<SeededItem>('/parts', body);
  }

  createProduct(body: { name: string; selling_price?: number; current_stock?: number }) {
    return this.post<SeededItem>('/products', body);
  }

  setRecipe(productId: number, lines: ReadonlyArray<readonly [partId: number, quantity: number]>) {
    return this.post<unknown>(`/products/${productId}/recipe`, {
      recipes: lines.map(([part_id, quantity_required]) => ({ part_id, quantity_required })),
    });
  }

  /** An open order of a part (発注済み); dates yyyy-MM-dd. */
  order(partId: number, body: { quantity: number; order_date: string; expected_delivery_date: string }) {
    return this.post<{ id: number }>(`/parts/${partId}/order`, body);
  }

  createPlan(body: { product_id: number; quantity: number; start_date: string; end_date: string }) {
    return this.post<{ id: number }>('/manufacturing/plans', body);
  }

  manufacture(productId: number, body: { quantity: number; manufacturing_date: string }) {
    return this.post<unknown>(`/manufacturing/products/${productId}/manufacture`, body);
  }

  sell(productId: number, body: { quantity: number; unit_price: number; sale_date: string; url?: string; notes?: string }) {
    return this.post<{ sale: SeededSale }>(`/products/${productId}/sell`, body).then(({ sale }) => sale);
  }

  deleteProduct(productId: number) {
    return this.page.request
      .delete(`/api/products/${productId}`, { headers: this.headers })
      .then((response) => answer<unknown>(response, `DELETE /products/${productId}`));
  }

  product(productId: number) {
    return this.get<SeededItem>(`/products/${productId}`);
  }

  sales() {
    return this.get<SeededSale[]>('/sales');
  }
}

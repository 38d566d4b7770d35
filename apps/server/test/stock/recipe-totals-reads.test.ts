import type { Capacity, CapacitySummary } from '@inventory/contracts/manufacturing';
import type { DashboardCalendar, DashboardResponse } from '@inventory/contracts/dashboard';
import type { Product, ProductCostSummary } from '@inventory/contracts/products';
import { describe, expect, it } from 'vitest';
import { today } from '../factories/dashboard.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { createProduct, setRecipe } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// Every read of a capacity, a product's cost or its number of recipe lines answers the product's
// stored recipe totals, one product or all of them: no screen computes them from the recipe on
// its own. Shown here by writing stored figures that the recipe does not give.
const app = await createTestApp();

describe('reads of capacities and costs', () => {
  it('answer the stored recipe totals, for one product and for all', async () => {
    const owner = await signedInWorkspace(app);
    const part = await createPart(app, owner.token, { current_stock: 4, unit_price: 10 });
    const product = await createProduct(app, owner.token, { name: '保存済み' });
    await setRecipe(app, owner.token, product.id, [{ part_id: part.id, quantity_required: 1 }]);
    const bare = await createProduct(app, owner.token, { name: 'レシピなし' });
    const limiting = [{ part_id: part.id, part_name: '記録された名前', current_stock: 77, required_per_product: 1 }];
    await app.db
      .updateTable('product_recipe_totals')
      .set({ max_manufacturable: 77, limiting_parts: JSON.stringify(limiting), cost_sen: 12_345, recipe_line_count: 9 })
      .where('product_id', '=', product.id)
      .execute();
    const get = async <T>(url: string): Promise<T> => {
      const response = await call(app, 'GET', url, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };

    expect(await get<Capacity>(`/api/manufacturing/capacity/${product.id}`)).toEqual({ product_id: product.id, max_manufacturable: 77, limiting_parts: limiting });
    const capacities = [
      { product_id: product.id, max_manufacturable: 77 },
      { product_id: bare.id, max_manufacturable: 0 },
    ];
    expect(await get<CapacitySummary[]>('/api/manufacturing/capacity/all')).toEqual(capacities);
    expect(await get<Product>(`/api/products/${product.id}`)).toMatchObject({ cost: 123.45, recipe_line_count: 9 });
    expect((await get<Product[]>('/api/products')).map(({ id, cost, recipe_line_count }) => ({ id, cost, recipe_line_count }))).toEqual([
      { id: product.id, cost: 123.45, recipe_line_count: 9 },
      { id: bare.id, cost: 0, recipe_line_count: 0 },
    ]);
    expect((await get<ProductCostSummary[]>('/api/products/cost/all')).map(({ product_id, total_cost }) => ({ product_id, total_cost }))).toEqual([
      { product_id: product.id, total_cost: 123.45 },
      { product_id: bare.id, total_cost: 0 },
    ]);

    const dashboard = await get<DashboardResponse>('/api/dashboard');
    expect(dashboard.capacities).toEqual(capacities);
    expect(dashboard.products.find((shown) => shown.id === product.id)).toMatchObject({ cost: 123.45, recipe_line_count: 9 });
    const todaysCounts = (calendar: DashboardCalendar) =>
      calendar.events.filter((event) => event.type === 'capacity' && event.date === today()).map(({ product_id, quantity }) => ({ product_id, quantity }));
    expect(todaysCounts(dashboard.calendar)).toEqual([{ product_id: product.id, quantity: 77 }]);
    const [year, month] = today().split('-').map(Number);
    expect(todaysCounts(await get<DashboardCalendar>(`/api/dashboard/calendar/${year}/${month}`))).toEqual([{ product_id: product.id, quantity: 77 }]);
  });
});

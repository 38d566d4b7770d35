import type { createOrderBody, Order } from '@inventory/contracts/orders';
import type { z } from 'zod';
import type { Db } from '../../db/create-database.ts';
import { isForeignKeyViolation, notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { PART_NOT_FOUND, type StockActor } from '../stock/part-stock.ts';

type CreateOrderInput = z.output<typeof createOrderBody>;

/**
 * A purchase order for a part (発注), created as 'ordered'. The part's unit price at this moment
 * is kept on the order. Stock changes only when the order is delivered (orders domain).
 */
export async function createPartOrder(db: Db, actor: StockActor, partId: number, input: CreateOrderInput): Promise<Order> {
  try {
    return await db.transaction().execute(async (trx) => {
      const part = await trx
        .selectFrom('parts')
        .select(['name', 'unit_price_sen'])
        .where('workspace_id', '=', actor.workspaceId)
        .where('id', '=', partId)
        .executeTakeFirst();
      if (!part) throw notFound(PART_NOT_FOUND);
      const now = nowIso();
      const row = await trx
        .insertInto('orders')
        .values({
          workspace_id: actor.workspaceId,
          part_id: partId,
          quantity: input.quantity,
          unit_price_sen: part.unit_price_sen,
          order_date: input.order_date,
          expected_delivery_date: input.expected_delivery_date,
          status: 'ordered',
          delivered_at: null,
          notes: null,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        })
        .returning(['id', 'part_id', 'quantity', 'order_date', 'expected_delivery_date', 'status', 'delivered_at', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow();
      return { ...row, part_name: part.name };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(PART_NOT_FOUND);
    throw error;
  }
}

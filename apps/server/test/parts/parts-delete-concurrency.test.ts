import { describe, expect, it } from 'vitest';
import { expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { createOrder } from '../factories/orders.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

describe('deleting a part while its order is delivered', () => {
  it('never fails with a server error: each pair ends as delivered-then-deleted or deleted-first', async () => {
    const owner = await signedInWorkspace(app);
    const pairs = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const part = await createPart(app, owner.token);
        const order = await createOrder(app, owner.token, part.id);
        return { part, order };
      }),
    );
    const responses = await Promise.all(
      pairs.flatMap(({ part, order }) => [
        call(app, 'POST', `/api/orders/${order.id}/deliver`, { token: owner.token }),
        call(app, 'DELETE', `/api/parts/${part.id}`, { token: owner.token }),
      ]),
    );
    for (const response of responses) expect([200, 404], response.body).toContain(response.statusCode);
    const left = await app.db.selectFrom('parts').select('id').where('workspace_id', '=', owner.workspaceId).execute();
    expect(left).toEqual([]);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });
});

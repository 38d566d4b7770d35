import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { OrdersManagement } from '../../features/orders/components/orders-management.tsx';
import { partsKeys } from '../../features/parts/api/query-keys.ts';

export function OrdersRoute() {
  const queryClient = useQueryClient();
  // A delivery raises a part's stock: the parts lists and details reload when next shown.
  const handleStockChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: partsKeys.all }), [queryClient]);
  return <OrdersManagement onStockChanged={handleStockChanged} />;
}

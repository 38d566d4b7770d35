import { OrdersManagement } from '../../features/orders/components/orders-management.tsx';

export function OrdersRoute() {
  return <OrdersManagement />;
}

import { SalesManagement } from '../../features/sales/components/sales-management.tsx';

export function SalesRoute() {
  return <SalesManagement />;
}

import { SalesImportScreen } from '../../features/sales-import/components/sales-import-screen.tsx';

export function SalesImportRoute() {
  return <SalesImportScreen />;
}

import { ManufacturingManagement } from '../../features/manufacturing/components/manufacturing-management.tsx';

export function ManufacturingRoute() {
  return <ManufacturingManagement />;
}

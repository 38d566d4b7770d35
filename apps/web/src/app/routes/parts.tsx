import { PartsManagement } from '../../features/parts/components/parts-management.tsx';

export function PartsRoute() {
  return <PartsManagement />;
}

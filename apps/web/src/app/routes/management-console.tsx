import { ManagementConsole } from '../../features/management-console/components/management-console.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';

export function ManagementConsoleRoute() {
  const isSuperAdmin = useAuthStore((state) => state.user?.is_super_admin === true);
  return <ManagementConsole isSuperAdmin={isSuperAdmin} />;
}

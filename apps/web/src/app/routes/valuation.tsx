import { ValuationReport } from '../../features/valuation/components/valuation-report.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';

// The printed 棚卸表 carries the workspace's name.
export function ValuationRoute() {
  const workspaceName = useAuthStore((state) => state.user?.current_workspace.workspace_name ?? '');
  return <ValuationReport workspaceName={workspaceName} />;
}

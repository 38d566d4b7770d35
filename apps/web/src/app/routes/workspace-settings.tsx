import { WorkspaceSettings } from '../../features/workspaces/components/workspace-settings.tsx';

export function WorkspaceSettingsRoute() {
  return <WorkspaceSettings />;
}

import { Navigate } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { useIsWorkspaceAdmin } from '../api/admin-request.ts';
import { useWorkspaceSettings } from '../api/get-workspace-settings.ts';
import { useWorkspaceStats } from '../api/get-workspace-stats.ts';
import { InvitationSection } from './invitation-section.tsx';
import { MembersSection } from './members-section.tsx';
import { WorkspaceOverviewCards } from './workspace-overview-cards.tsx';
import { WorkspaceSettingsForm } from './workspace-settings-form.tsx';

/**
 * ワークスペース設定. The route lets only admins in;
 * a switch to a workspace where the user is a member, made while this screen is open, sends them
 * to the dashboard as the route guard would.
 */
export function WorkspaceSettings() {
  const isAdmin = useIsWorkspaceAdmin();
  const currentUserId = useAuthStore((state) => state.user?.id);
  if (!isAdmin || currentUserId === undefined) return <Navigate to={paths.dashboard} replace />;
  return <WorkspaceSettingsScreen currentUserId={currentUserId} isAdmin={isAdmin} />;
}

function WorkspaceSettingsScreen({ currentUserId, isAdmin }: { currentUserId: number; isAdmin: boolean }) {
  const settings = useWorkspaceSettings();
  const stats = useWorkspaceStats();
  const maxMembers = settings.data?.max_members;
  const atMemberLimit = stats.data !== undefined && maxMembers !== undefined && stats.data.members >= maxMembers;

  return (
    <PageContainer>
      <PageHeader title="ワークスペース設定" subtitle="ワークスペースの基本設定、招待コード、メンバーを管理します" />
      <div className="space-y-6">
        {stats.isPending ? (
          <LoadingSpinner label="概要を読み込み中..." className="py-6" />
        ) : stats.isError ? (
          <ErrorBanner message={stats.error.message} onRetry={() => void stats.refetch()} />
        ) : (
          <WorkspaceOverviewCards stats={stats.data} maxMembers={maxMembers} />
        )}

        {settings.isPending ? (
          <LoadingSpinner label="設定を読み込み中..." className="py-8" />
        ) : settings.isError ? (
          <ErrorBanner message={settings.error.message} onRetry={() => void settings.refetch()} />
        ) : (
          <div className="grid gap-6 lg:grid-cols-2">
            <WorkspaceSettingsForm settings={settings.data} />
            <InvitationSection settings={settings.data} atMemberLimit={atMemberLimit} />
          </div>
        )}

        <MembersSection currentUserId={currentUserId} isAdmin={isAdmin} />
      </div>
    </PageContainer>
  );
}

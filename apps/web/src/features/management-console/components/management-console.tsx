import type { Announcement } from '@inventory/contracts/management-console';
import { Megaphone, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { useModal } from '../../../lib/use-modal.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AdminStatsCards } from './admin-stats-cards.tsx';
import { AnnouncementCreateForm } from './announcement-create-form.tsx';
import { type AnnouncementAction, AnnouncementList } from './announcement-list.tsx';

// The announcement dialogs (Headless UI's dialog, the edit form) load when they first open.
const EditAnnouncementModal = lazyComponent(async () => (await import('./edit-announcement-modal.tsx')).EditAnnouncementModal);
const DeleteAnnouncementModal = lazyComponent(async () => (await import('./delete-announcement-modal.tsx')).DeleteAnnouncementModal);

export const ACCESS_DENIED_MESSAGE = 'アクセス権限がありません';

/**
 * 管理画面: the six system statistics cards and the announcement
 * management (create form, list, edit dialog, delete). Statistics and announcements load only for
 * super admins; anyone else sees アクセス権限がありません and nothing is requested.
 */
export function ManagementConsole({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  return (
    <PageContainer>
      <PageHeader title="管理画面" subtitle="システム全体の統計と、全ユーザーに表示する告知を管理します" />
      {isSuperAdmin ? <ConsoleContent /> : <AccessDenied />}
    </PageContainer>
  );
}

function AccessDenied() {
  return (
    <div className="flex flex-col items-center rounded-xl border border-gray-200 bg-white px-6 py-12 text-center dark:border-gray-800 dark:bg-gray-900">
      <ShieldAlert aria-hidden="true" className="mb-3 h-10 w-10 text-gray-400 dark:text-gray-500" />
      <p className="font-medium text-gray-800 dark:text-gray-200">{ACCESS_DENIED_MESSAGE}</p>
      <Link to={paths.dashboard} className="mt-3 text-sm font-medium text-blue-600 hover:underline dark:text-blue-400">
        ダッシュボードへ戻る
      </Link>
    </div>
  );
}

function ConsoleContent() {
  const stats = useAdminStats();
  const announcements = useAnnouncements();
  const { modal, openModal, closeModal } = useModal<{ action: AnnouncementAction; announcement: Announcement }>();

  return (
    <div className="space-y-8">
      <ConsoleSection id="admin-stats-title" title="システム統計">
        {stats.isPending ? (
          <LoadingSpinner label="統計情報を読み込み中..." className="py-8" />
        ) : stats.isError ? (
          <ErrorBanner message={stats.error.message} onRetry={() => void stats.refetch()} />
        ) : (
          <AdminStatsCards stats={stats.data} />
        )}
      </ConsoleSection>

      <ConsoleSection id="announcements-title" title="告知管理">
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <AnnouncementCreateForm />
          <section aria-labelledby="announcement-list-title" className="min-w-0">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <h3 id="announcement-list-title" className="font-semibold text-gray-900 dark:text-gray-100">
                告知一覧
              </h3>
              {announcements.isSuccess ? (
                <p className="text-sm text-gray-600 dark:text-gray-400">{formatCount(announcements.data.length)}件（新しい順）</p>
              ) : null}
            </div>
            {announcements.isPending ? (
              <LoadingSpinner label="告知を読み込み中..." className="py-12" />
            ) : announcements.isError ? (
              <ErrorBanner message={announcements.error.message} onRetry={() => void announcements.refetch()} />
            ) : announcements.data.length === 0 ? (
              <EmptyState icon={<Megaphone aria-hidden="true" />} message="告知はまだありません" hint="作成した告知がここに表示されます" />
            ) : (
              <AnnouncementList
                announcements={announcements.data}
                onAction={(action, announcement) => openModal({ action, announcement })}
              />
            )}
          </section>
        </div>
      </ConsoleSection>

      {modal?.action === 'edit' && <EditAnnouncementModal announcement={modal.announcement} onClose={closeModal} />}
      {modal?.action === 'delete' && <DeleteAnnouncementModal announcement={modal.announcement} onClose={closeModal} />}
    </div>
  );
}

function ConsoleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-gray-900 dark:text-gray-100">
        {title}
      </h2>
      {children}
    </section>
  );
}

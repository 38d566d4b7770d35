import { PageContainer, PageHeader } from '../../components/layout/page-header.tsx';
import { useAuthStore } from '../../lib/auth-store.ts';

export function DashboardRoute() {
  const user = useAuthStore((state) => state.user);
  return (
    <PageContainer>
      <PageHeader title="ダッシュボード" subtitle="在庫システムの概要" />
      <div className="rounded-xl border border-gray-200 bg-white p-6 dark:border-gray-800 dark:bg-gray-900">
        <p className="font-medium text-gray-800 dark:text-gray-200">ようこそ、{user?.name}さん</p>
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
          ダッシュボードの集計・アラート・製造カレンダーは今後のバージョンで追加されます。
        </p>
      </div>
    </PageContainer>
  );
}

import { Construction } from 'lucide-react';
import { PageContainer, PageHeader } from '../../components/layout/page-header.tsx';

/** An honest placeholder for screens that arrive in a later version (nothing fake is shown). */
export function ComingSoonRoute({ title }: { title: string }) {
  return (
    <PageContainer>
      <PageHeader title={title} />
      <div className="flex flex-col items-center rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center dark:border-gray-700 dark:bg-gray-900">
        <Construction className="h-10 w-10 text-gray-400" aria-hidden="true" />
        <p className="mt-4 font-medium text-gray-800 dark:text-gray-200">この画面は今後のバージョンで提供予定です</p>
        <p className="mt-1 text-sm text-gray-500 dark:text-gray-400">準備ができるまで、もうしばらくお待ちください。</p>
      </div>
    </PageContainer>
  );
}

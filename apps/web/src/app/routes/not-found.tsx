import { Link } from 'react-router';
import { PageContainer } from '../../components/layout/page-header.tsx';
import { paths } from '../../config/paths.ts';

export function NotFoundRoute() {
  return (
    <PageContainer>
      <div className="py-16 text-center">
        <p className="text-5xl font-bold text-gray-500">404</p>
        <h1 className="mt-4 text-xl font-bold">ページが見つかりません</h1>
        <p className="mt-2 text-sm text-gray-500 dark:text-gray-400">URLが正しいかご確認ください。</p>
        <Link to={paths.dashboard} className="mt-6 inline-block text-blue-600 hover:underline dark:text-blue-400">
          ダッシュボードへ戻る
        </Link>
      </div>
    </PageContainer>
  );
}

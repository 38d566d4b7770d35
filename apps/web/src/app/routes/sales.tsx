import { FileUp } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { SalesManagement } from '../../features/sales/components/sales-management.tsx';

// 販売管理 leads to 注文を取り込む (features/sales-import), its own screen.
export function SalesRoute() {
  return (
    <SalesManagement
      headerActions={
        <Link
          to={paths.salesImport}
          className="inline-flex items-center gap-2 rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-gray-900"
        >
          <FileUp className="h-4 w-4" aria-hidden="true" />
          注文を取り込む
        </Link>
      }
    />
  );
}

import type { Sale } from '@inventory/contracts/sales';
import { ExternalLink } from 'lucide-react';

export const EMPTY_CELL = <span className="text-gray-400 dark:text-gray-500">-</span>;

/** The sale's URL as an external-link icon opening a new tab, or - without one. */
export function SaleUrlLink({ sale }: { sale: Pick<Sale, 'product_name' | 'sale_date' | 'url'> }) {
  if (!sale.url) return EMPTY_CELL;
  return (
    <a
      href={sale.url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`「${sale.product_name}」${sale.sale_date}の売上のURLを開く`}
      title={sale.url}
      className="inline-flex rounded p-1 text-blue-600 hover:bg-blue-50 dark:text-blue-400 dark:hover:bg-blue-950/50"
    >
      <ExternalLink className="h-4 w-4" aria-hidden="true" />
    </a>
  );
}

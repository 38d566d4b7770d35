import type { SalesImportResult } from '@inventory/contracts/sales-import';
import { useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { formatCount } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useProductChoices } from '../api/get-products.ts';
import { useSaveImportAlias } from '../api/save-import-alias.ts';

type Pair = SalesImportResult['unmatched'][number];

const SKIP = 'skip';
const describe = (pair: Pair) => pair.external_name || pair.external_sku;

/**
 * The shop's SKU and name pairs that match no product: the user picks the product for each (or
 * 取り込まない), and the choice is kept for every later import of the source.
 */
export function UnmatchedLinesTable({ source, pairs, onSaved }: { source: string; pairs: Pair[]; onSaved: () => void }) {
  const products = useProductChoices();
  if (pairs.length === 0) return null;
  return (
    <section aria-labelledby="unmatched-title">
      <h3 id="unmatched-title" className="mb-1 text-sm font-semibold text-gray-900 dark:text-gray-100">
        商品が見つからない行 ({formatCount(pairs.length)}種類)
      </h3>
      <p className="mb-2 text-xs text-gray-600 dark:text-gray-400">
        対応する商品を選んで保存すると、次回からも同じSKU・商品名の行はその商品として取り込まれます。
      </p>
      <ul aria-labelledby="unmatched-title" className="divide-y divide-gray-100 rounded-md border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-700 dark:bg-gray-900">
        {pairs.map((pair) => (
          <UnmatchedLine key={`${pair.external_sku}\u0000${pair.external_name}`} source={source} pair={pair} products={products.data ?? []} onSaved={onSaved} />
        ))}
      </ul>
    </section>
  );
}

function UnmatchedLine({ source, pair, products, onSaved }: { source: string; pair: Pair; products: Array<{ id: number; name: string; part_number: string | null }>; onSaved: () => void }) {
  const saveAlias = useSaveImportAlias();
  const [choice, setChoice] = useState('');
  const label = describe(pair);
  const handleSave = () => {
    const productId = choice === SKIP ? null : Number(choice);
    saveAlias.mutate(
      { source, external_sku: pair.external_sku, external_name: pair.external_name, product_id: productId },
      {
        onSuccess: () => {
          const product = products.find((candidate) => candidate.id === productId);
          notify.success(product ? `「${label}」を「${product.name}」として取り込みます` : `「${label}」は取り込まないことにしました`);
          onSaved();
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };
  return (
    <li className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-gray-900 dark:text-gray-100">{pair.external_name || '（商品名なし）'}</p>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          SKU: {pair.external_sku || '-'} ・ {formatCount(pair.count)}行
        </p>
      </div>
      <div className="flex items-center gap-2">
        <select
          aria-label={`「${label}」に対応する商品`}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          className="block w-full min-w-0 rounded-md border border-gray-300 bg-white py-2 pr-8 pl-3 text-base text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none sm:w-64 sm:text-sm dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          <option value="">商品を選択してください</option>
          <option value={SKIP}>取り込まない</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.part_number ? `${product.name}（${product.part_number}）` : product.name}
            </option>
          ))}
        </select>
        <Button variant="secondary" className="shrink-0 whitespace-nowrap" onClick={handleSave} disabled={choice === '' || saveAlias.isPending} aria-label={`「${label}」の対応を保存`}>
          保存
        </Button>
      </div>
    </li>
  );
}

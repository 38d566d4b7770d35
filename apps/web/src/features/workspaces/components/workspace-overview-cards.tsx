import type { WorkspaceStats } from '@inventory/contracts/dashboard';
import { WORKSPACE_LIMITS } from '@inventory/contracts/limits';
import clsx from 'clsx';
import { formatCount } from '../../../lib/format.ts';

/** Said under a card whose count is at or over its limit. */
export const MEMBER_LIMIT_REACHED_MESSAGE = '上限に達しています';

function Card({ label, value, note, warn = false }: { label: string; value: string; note?: string; warn?: boolean }) {
  return (
    <li
      aria-label={label}
      className={clsx(
        'rounded-xl border bg-white p-4 dark:bg-gray-900',
        warn ? 'border-amber-300 dark:border-amber-700' : 'border-gray-200 dark:border-gray-800',
      )}
    >
      <p className="text-xs font-medium text-gray-500 dark:text-gray-400">{label}</p>
      <p className="mt-1 text-xl font-bold text-gray-900 tabular-nums sm:text-2xl dark:text-gray-100">{value}</p>
      {note ? <p className="mt-1 text-xs font-medium text-amber-700 dark:text-amber-300">{note}</p> : null}
    </li>
  );
}

/** From this share of a workspace limit on, the card says how many are left. */
const NEAR_LIMIT_SHARE = 0.9;

/** 'n / limit' with 上限に達しています at the limit and 残りN件 close to it. */
function LimitedCard({ label, count, limit }: { label: string; count: number; limit: number }) {
  const left = limit - count;
  const note = left <= 0 ? MEMBER_LIMIT_REACHED_MESSAGE : count >= limit * NEAR_LIMIT_SHARE ? `残り${formatCount(left)}件` : undefined;
  return <Card label={label} value={`${formatCount(count)} / ${formatCount(limit)}`} note={note} warn={note !== undefined} />;
}

/**
 * Members as 'n / max' (上限に達しています at or over the limit), parts and products against the
 * workspace limits, and low-stock parts. Without the settings (still loading or failed) the member
 * card shows the count alone.
 */
export function WorkspaceOverviewCards({ stats, maxMembers }: { stats: WorkspaceStats; maxMembers: number | undefined }) {
  const atLimit = maxMembers !== undefined && stats.members >= maxMembers;
  return (
    <ul aria-label="ワークスペースの概要" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Card
        label="メンバー数"
        value={maxMembers === undefined ? formatCount(stats.members) : `${formatCount(stats.members)} / ${formatCount(maxMembers)}`}
        note={atLimit ? MEMBER_LIMIT_REACHED_MESSAGE : undefined}
        warn={atLimit}
      />
      <LimitedCard label="部品数" count={stats.parts} limit={WORKSPACE_LIMITS.parts} />
      <LimitedCard label="商品数" count={stats.products} limit={WORKSPACE_LIMITS.products} />
      <Card label="在庫不足の部品" value={formatCount(stats.lowStockParts)} />
    </ul>
  );
}

import type { DashboardAlerts } from '@inventory/contracts/dashboard';
import clsx from 'clsx';
import { CalendarClock, PackageX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { filteredListPaths } from '../../../config/paths.ts';
import { formatCount } from '../../../lib/format.ts';
import type { AlertKind } from '../utils/dismissed-alerts.ts';

const TONES = {
  red: {
    box: 'border-red-200 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200',
    button: 'text-red-600 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-900/50',
  },
  blue: {
    box: 'border-blue-200 bg-blue-50 text-blue-800 dark:border-blue-800 dark:bg-blue-950/50 dark:text-blue-200',
    button: 'text-blue-600 hover:bg-blue-100 dark:text-blue-300 dark:hover:bg-blue-900/50',
  },
  yellow: {
    box: 'border-yellow-200 bg-yellow-50 text-yellow-800 dark:border-yellow-700 dark:bg-yellow-950/40 dark:text-yellow-200',
    button: 'text-yellow-700 hover:bg-yellow-100 dark:text-yellow-300 dark:hover:bg-yellow-900/50',
  },
} as const;

function AlertBanner({
  label,
  title,
  tone,
  icon,
  link,
  onDismiss,
  children,
}: {
  label: string;
  title: string;
  tone: keyof typeof TONES;
  icon: ReactNode;
  link: { to: string; text: string };
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <section aria-label={label} className={clsx('flex items-start gap-3 rounded-lg border p-4', TONES[tone].box)}>
      <span className="mt-0.5 shrink-0 [&>svg]:h-5 [&>svg]:w-5">{icon}</span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{title}</h2>
        <ul className="mt-1 space-y-0.5 text-sm">{children}</ul>
        <Link to={link.to} className="mt-2 inline-block text-sm font-medium underline underline-offset-2 hover:no-underline">
          {link.text}
        </Link>
      </div>
      <button type="button" aria-label={`${label}を閉じる`} onClick={onDismiss} className={clsx('shrink-0 rounded-md p-1', TONES[tone].button)}>
        <CloseIcon />
      </button>
    </section>
  );
}

/**
 * The three alert banners: overdue orders (red), orders due
 * within 3 days (blue) and parts at or below their minimum (yellow, at most 5 listed). Each can be
 * closed for the rest of the day.
 */
export function AlertBanners({
  alerts,
  dismissed,
  onDismiss,
}: {
  alerts: DashboardAlerts;
  dismissed: ReadonlySet<AlertKind>;
  onDismiss: (kind: AlertKind) => void;
}) {
  // The server sends the first 5 low-stock parts and counts them all.
  const { overdueOrders, upcomingOrders, lowStockParts, lowStockPartsCount, overdueOrdersCount } = alerts;
  const lowStockHidden = lowStockPartsCount - lowStockParts.length;

  const showOverdue = overdueOrdersCount > 0 && !dismissed.has('overdue');
  const showUpcoming = upcomingOrders.length > 0 && !dismissed.has('upcoming');
  const showLowStock = lowStockPartsCount > 0 && !dismissed.has('lowStock');
  if (!showOverdue && !showUpcoming && !showLowStock) return null;

  // Each banner opens its list filtered to what it counted.
  const ordersLinkText = '発注管理で確認する';
  return (
    <div className="space-y-3">
      {showOverdue && (
        <AlertBanner
          label="納期遅れの発注"
          title={`納期を過ぎた発注があります（${formatCount(overdueOrdersCount)}件）`}
          tone="red"
          icon={<TriangleAlert aria-hidden="true" />}
          link={{ to: filteredListPaths.overdueOrders, text: ordersLinkText }}
          onDismiss={() => onDismiss('overdue')}
        >
          {overdueOrders.map((order) => (
            <li key={order.id}>
              {order.part_name} × {formatCount(order.quantity)}個（納入予定日 {order.expected_delivery_date}）
            </li>
          ))}
        </AlertBanner>
      )}
      {showUpcoming && (
        <AlertBanner
          label="納入予定の発注"
          title={`3日以内に納入予定の発注があります（${formatCount(upcomingOrders.length)}件）`}
          tone="blue"
          icon={<CalendarClock aria-hidden="true" />}
          link={{ to: filteredListPaths.upcomingOrders, text: ordersLinkText }}
          onDismiss={() => onDismiss('upcoming')}
        >
          {upcomingOrders.map((order) => (
            <li key={order.id}>
              {order.part_name} × {formatCount(order.quantity)}個（納入予定日 {order.expected_delivery_date}）
            </li>
          ))}
        </AlertBanner>
      )}
      {showLowStock && (
        <AlertBanner
          label="在庫不足の部品"
          title={`在庫が少ない部品があります（${formatCount(lowStockPartsCount)}件）`}
          tone="yellow"
          icon={<PackageX aria-hidden="true" />}
          link={{ to: filteredListPaths.lowStockParts, text: '部品管理で確認する' }}
          onDismiss={() => onDismiss('lowStock')}
        >
          {lowStockParts.map((part) => (
            <li key={part.id}>
              {part.name}：在庫 {formatCount(part.current_stock)}（最小 {formatCount(part.min_stock_alert)}）
            </li>
          ))}
          {lowStockHidden > 0 && <li>ほか{formatCount(lowStockHidden)}件</li>}
        </AlertBanner>
      )}
    </div>
  );
}

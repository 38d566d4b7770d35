import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  type LegendPayload,
  Line,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from 'recharts';
import { Fragment, type ReactNode } from 'react';
import { formatYen } from '../../../lib/format.ts';
import type { TrendChartPoint } from '../utils/sales-trend.ts';

// This module is the only one importing recharts; the trend card loads it with React.lazy so the
// chart library (about 100 KB gzip) never weighs on the first page or on the screen's own code.

const SERIES = {
  sales: { name: '売上', color: '#3b82f6' },
  cost: { name: '原価', color: '#94a3b8' },
  profit: { name: '利益', color: '#16a34a' },
} as const;

// The legend follows the tooltip's order (sales, cost, profit); recharts would sort it by name.
const SERIES_ORDER: readonly unknown[] = Object.keys(SERIES);
const legendOrder = (item: LegendPayload) => SERIES_ORDER.indexOf(item.dataKey);
// Series colours are too light for text on white: the legend writes its names in the text colour.
const legendText = (name: ReactNode) => <span className="text-gray-700 dark:text-gray-300">{name}</span>;

const AXIS_TICK = { fill: 'currentColor', fontSize: 12 };

function TrendTooltip({ active, payload }: Pick<TooltipContentProps, 'active' | 'payload'>) {
  const point = payload?.[0]?.payload as TrendChartPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border border-gray-200 bg-white px-3 py-2 text-xs text-gray-800 shadow-md dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100">
      <p className="mb-1 font-semibold">{point.fullLabel}</p>
      <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-0.5 tabular-nums">
        {(['sales', 'cost', 'profit'] as const).map((key) => (
          <Fragment key={key}>
            <dt className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm" style={{ backgroundColor: SERIES[key].color }} />
              {SERIES[key].name}
            </dt>
            <dd className="text-right">{formatYen(point[key])}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}

/**
 * Bars of sales and cost with the profit as a line, month by month; fits a 375 px phone. Drawn for
 * the eye only (no keyboard layer): the card holds the same figures as a table for screen readers.
 */
export function SalesTrendChart({ data }: { data: TrendChartPoint[] }) {
  return (
    <div className="h-72 w-full text-gray-600 dark:text-gray-400">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="currentColor" strokeOpacity={0.15} vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} interval="preserveStartEnd" minTickGap={4} />
          {/* Amounts written out like everywhere else (¥2,000, ¥10,000); the axis takes the width its
              longest label needs. */}
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={formatYen} width="auto" />
          <Tooltip content={TrendTooltip} cursor={{ fill: 'currentColor', fillOpacity: 0.08 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={legendOrder} formatter={legendText} />
          <Bar dataKey="sales" name={SERIES.sales.name} fill={SERIES.sales.color} radius={[3, 3, 0, 0]} maxBarSize={28} />
          <Bar dataKey="cost" name={SERIES.cost.name} fill={SERIES.cost.color} radius={[3, 3, 0, 0]} maxBarSize={28} />
          <Line dataKey="profit" name={SERIES.profit.name} type="monotone" stroke={SERIES.profit.color} strokeWidth={2} dot={{ r: 3 }} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

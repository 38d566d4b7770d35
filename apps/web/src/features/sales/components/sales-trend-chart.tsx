import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartData,
  type ChartOptions,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Chart as ChartCanvas } from 'react-chartjs-2';
import { formatYen } from '../../../lib/format.ts';
import { useDarkTheme } from '../../../lib/use-dark-theme.ts';
import type { TrendChartPoint } from '../utils/sales-trend.ts';

// This module is the only one importing the chart library; the trend card loads it with React.lazy
// so Chart.js never weighs on the first page or on the screen's own code. Chart.js draws on a
// canvas: measured on a phone with the CPU slowed 4×, recharts' SVG through React took 400 ms to
// draw these twelve months, Chart.js a few.
Chart.register(BarController, LineController, BarElement, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend);
// A canvas does not inherit the page's font: the chart writes in the app's Japanese font stack.
Chart.defaults.font.family = getComputedStyle(document.documentElement).getPropertyValue('--font-sans').trim() || Chart.defaults.font.family;

const SERIES = {
  sales: { name: '売上', color: '#3b82f6' },
  cost: { name: '原価', color: '#94a3b8' },
  profit: { name: '利益', color: '#16a34a' },
} as const;

// Tailwind's gray-600 and gray-400, the card's text colours in light and dark mode.
const TEXT = { light: '#4b5563', dark: '#9ca3af' };
const GRID = { light: 'rgba(75, 85, 99, 0.15)', dark: 'rgba(156, 163, 175, 0.15)' };
const FONT = { size: 12 };

type TrendChart = ChartData<'bar' | 'line', number[], string>;

/** Sales and cost as bars, the profit as a line over them, month by month. */
export function chartData(points: TrendChartPoint[]): TrendChart {
  const bar = (key: 'sales' | 'cost') => ({
    type: 'bar' as const,
    label: SERIES[key].name,
    data: points.map((point) => point[key]),
    backgroundColor: SERIES[key].color,
    borderRadius: { topLeft: 3, topRight: 3 },
    maxBarThickness: 28,
    order: 1,
  });
  return {
    labels: points.map((point) => point.label),
    datasets: [
      bar('sales'),
      bar('cost'),
      {
        type: 'line' as const,
        label: SERIES.profit.name,
        data: points.map((point) => point.profit),
        borderColor: SERIES.profit.color,
        backgroundColor: SERIES.profit.color,
        borderWidth: 2,
        pointRadius: 3,
        cubicInterpolationMode: 'monotone',
        // Drawn over the bars.
        order: 0,
      },
    ],
  };
}

// Legend and tooltip list the series as the table does (sales, cost, profit), not in drawing order.
const bySeries = (a: { datasetIndex?: number }, b: { datasetIndex?: number }) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0);

/** The chart's options: colours of the page's theme, yen on the amount axis and in the tooltip. */
export function chartOptions(points: TrendChartPoint[], dark: boolean): ChartOptions<'bar' | 'line'> {
  const text = dark ? TEXT.dark : TEXT.light;
  return {
    maintainAspectRatio: false,
    // The chart shows the figures at once; nothing grows in.
    animation: false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: { grid: { display: false }, ticks: { color: text, font: FONT, autoSkipPadding: 4, maxRotation: 0 } },
      // Amounts written out like everywhere else (¥2,000, ¥10,000).
      y: { grid: { color: dark ? GRID.dark : GRID.light }, border: { display: false }, ticks: { color: text, font: FONT, callback: (value) => formatYen(Number(value)) } },
    },
    plugins: {
      legend: { position: 'bottom', labels: { color: text, font: FONT, boxWidth: 12, sort: bySeries } },
      tooltip: {
        itemSort: bySeries,
        callbacks: {
          title: (items) => points[items[0]?.dataIndex ?? 0]?.fullLabel ?? '',
          label: (item) => `${item.dataset.label ?? ''}: ${formatYen(Number(item.raw))}`,
        },
      },
    },
  };
}

/**
 * Bars of sales and cost with the profit as a line, month by month; fits a 375 px phone. Drawn for
 * the eye only (a canvas): the card holds the same figures as a table for screen readers.
 */
export function SalesTrendChart({ data }: { data: TrendChartPoint[] }) {
  const dark = useDarkTheme();
  const shown = useMemo(() => chartData(data), [data]);
  const options = useMemo(() => chartOptions(data, dark), [data, dark]);
  return (
    <div className="relative h-72 w-full">
      <ChartCanvas type="bar" data={shown} options={options} />
    </div>
  );
}

import type { TooltipItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import type { TrendChartPoint } from '../utils/sales-trend.ts';
import { chartData, chartOptions } from './sales-trend-chart.tsx';

// The canvas itself is drawn in the browser (sales.e2e.ts waits for its bars); here, what it is told to draw.
const POINTS: TrendChartPoint[] = [
  { month: '2026-04', label: '4月', fullLabel: '2026年4月', sales: 20_000, cost: 8_000, profit: 12_000 },
  { month: '2026-05', label: '5月', fullLabel: '2026年5月', sales: 1_500, cost: 2_100, profit: -600 },
];

describe('the sales trend chart', () => {
  it('draws sales and cost as bars and the profit as a line, month by month', () => {
    const data = chartData(POINTS);
    expect(data.labels).toEqual(['4月', '5月']);
    expect(data.datasets.map((series) => [series.type, series.label, series.data])).toEqual([
      ['bar', '売上', [20_000, 1_500]],
      ['bar', '原価', [8_000, 2_100]],
      ['line', '利益', [12_000, -600]],
    ]);
  });

  it('writes the amount axis and the tooltip in yen like every other amount', () => {
    const options = chartOptions(POINTS, false);
    const tick = options.scales!.y!.ticks!.callback as (value: number) => string;
    expect([2_000, 10_000, -600, 0].map((value) => tick(value))).toEqual(['¥2,000', '¥10,000', '-¥600', '¥0']);
    const callbacks = options.plugins!.tooltip!.callbacks!;
    const item = { dataIndex: 1, dataset: { label: '利益' }, raw: -600 } as unknown as TooltipItem<'bar' | 'line'>;
    expect((callbacks.title as (items: TooltipItem<'bar' | 'line'>[]) => string)([item])).toBe('2026年5月');
    expect((callbacks.label as (item: TooltipItem<'bar' | 'line'>) => string)(item)).toBe('利益: -¥600');
  });

  it('lists the series in the legend and the tooltip as the table does, not in drawing order', () => {
    const options = chartOptions(POINTS, false);
    const byIndex = (datasetIndex: number) => ({ datasetIndex });
    const legendSort = options.plugins!.legend!.labels!.sort! as (a: { datasetIndex: number }, b: { datasetIndex: number }) => number;
    expect([byIndex(2), byIndex(0), byIndex(1)].sort(legendSort)).toEqual([byIndex(0), byIndex(1), byIndex(2)]);
    expect(options.plugins!.tooltip!.itemSort).toBe(legendSort);
  });

  it('writes its text in the theme’s colour', () => {
    const light = chartOptions(POINTS, false).scales!.x!.ticks!.color;
    const dark = chartOptions(POINTS, true).scales!.x!.ticks!.color;
    expect(light).not.toBe(dark);
    expect(chartOptions(POINTS, true).plugins!.legend!.labels!.color).toBe(dark);
  });
});

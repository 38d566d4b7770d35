import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makePart } from '../../testing/make-part.ts';
import { isBelowMinimum, PartSelector } from './part-selector.tsx';

const PARTS = [
  makePart({ id: 1, name: 'ネジ M3', part_number: 'S-3', current_stock: 4, min_stock_alert: 5, tag_ids: [7] }),
  makePart({ id: 2, name: 'LED 赤', current_stock: 5, min_stock_alert: 5 }),
  makePart({ id: 3, name: '旧ケース', status: 'inactive', current_stock: 0, min_stock_alert: 0 }),
  makePart({ id: 4, name: 'ケーブル', unit: 'm', current_stock: 1200, min_stock_alert: 0, tag_ids: [7] }),
];

function Harness(props: Partial<Parameters<typeof PartSelector>[0]>) {
  const [value, setValue] = useState<number | null>(props.value ?? null);
  return <PartSelector parts={PARTS} {...props} value={value} onChange={(next) => (setValue(next), props.onChange?.(next))} />;
}

async function openOptions() {
  await userEvent.setup().click(screen.getByRole('button', { name: '候補を表示' }));
}

/** Each option's first line: the part's name. */
const optionLabels = () => screen.getAllByRole('option').map((option) => within(option).getAllByText(/.+/)[0]?.textContent);

describe('PartSelector', () => {
  it('offers the active parts sorted by name, with part number and stock', async () => {
    render(<Harness />);
    await openOptions();
    expect(optionLabels()).toEqual(['LED 赤', 'ケーブル', 'ネジ M3']);
    expect(screen.getByRole('option', { name: /ケーブル/ })).toHaveTextContent('在庫 1,200m');
    expect(screen.getByRole('option', { name: /ネジ M3/ })).toHaveTextContent('S-3 ・ 在庫 4個');
  });

  it('offers inactive parts too when asked, marked 停止中', async () => {
    render(<Harness includeInactive />);
    await openOptions();
    expect(optionLabels()).toEqual(['LED 赤', 'ケーブル', 'ネジ M3', '旧ケース']);
    expect(screen.getByRole('option', { name: /旧ケース/ })).toHaveTextContent('停止中');
  });

  it('marks stock strictly below the minimum as 在庫不足, not stock at the minimum', async () => {
    render(<Harness />);
    await openOptions();
    expect(screen.getByRole('option', { name: /ネジ M3/ })).toHaveTextContent('在庫不足');
    expect(screen.getByRole('option', { name: /LED 赤/ })).not.toHaveTextContent('在庫不足');
    expect(isBelowMinimum({ current_stock: 5, min_stock_alert: 5 })).toBe(false);
    expect(isBelowMinimum({ current_stock: 4, min_stock_alert: 5 })).toBe(true);
  });

  it('narrows by tag and leaves out excluded parts, but keeps the chosen part', async () => {
    render(<Harness tagId={7} excludeIds={new Set([4])} value={2} />);
    expect(screen.getByRole('combobox', { name: '部品' })).toHaveValue('LED 赤');
    await openOptions();
    expect(optionLabels()).toEqual(['LED 赤', 'ネジ M3']);
  });

  it('keeps an inactive chosen part visible even without includeInactive', () => {
    render(<Harness value={3} />);
    expect(screen.getByRole('combobox', { name: '部品' })).toHaveValue('旧ケース');
  });

  it('searches by part number and reports the choice', async () => {
    const handleChange = vi.fn();
    render(<Harness onChange={handleChange} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: '部品' }), 's-3');
    expect(optionLabels()).toEqual(['ネジ M3']);
    await user.click(screen.getByRole('option', { name: /ネジ M3/ }));
    expect(handleChange).toHaveBeenLastCalledWith(1);
  });

  it('shows at most 100 parts and says how many more a search would find', async () => {
    const many = Array.from({ length: 130 }, (_, index) => makePart({ id: 1000 + index, name: `部品${String(index).padStart(3, '0')}` }));
    render(<PartSelector parts={many} value={null} onChange={() => {}} />);
    await openOptions();
    expect(screen.getAllByRole('option')).toHaveLength(100);
    expect(screen.getByText('ほか30件（入力して絞り込んでください）')).toBeInTheDocument();
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select-field.tsx';

const OPTIONS = [
  { value: '', label: '全商品' },
  ...Array.from({ length: 300 }, (_, index) => ({ value: String(index + 1), label: `商品${index + 1}` })),
];

function ProductFilter({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <SelectField label="商品" options={OPTIONS} value={value} onChange={(event) => setValue(event.target.value)} listOnFirstUse />;
}

const optionTexts = () => within(screen.getByLabelText('商品')).getAllByRole('option').map((option) => option.textContent);

describe('SelectField listOnFirstUse', () => {
  it('holds only the first and the chosen option until first used', () => {
    render(<ProductFilter initial="120" />);
    expect(screen.getByLabelText('商品')).toHaveValue('120');
    expect(optionTexts()).toEqual(['全商品', '商品120']);
  });

  it.each([
    ['touched', (select: HTMLElement) => fireEvent.pointerDown(select)],
    ['focused', (select: HTMLElement) => fireEvent.focus(select)],
    ['typed on', (select: HTMLElement) => fireEvent.keyDown(select, { key: 'ArrowDown' })],
  ])('lists every option, keeping the choice, once %s', (_, use) => {
    render(<ProductFilter initial="120" />);
    const select = screen.getByLabelText('商品');
    use(select);
    expect(optionTexts()).toHaveLength(301);
    expect(select).toHaveValue('120');
    fireEvent.change(select, { target: { value: '7' } });
    expect(select).toHaveValue('7');
  });

  it('lists every option at once without the flag', () => {
    render(<SelectField label="商品" options={OPTIONS} value="" onChange={() => {}} />);
    expect(optionTexts()).toHaveLength(301);
  });
});

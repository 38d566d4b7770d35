import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type DropdownOption, SearchableDropdown } from './searchable-dropdown.tsx';

const OPTIONS: DropdownOption<number>[] = [
  { value: 1, label: 'abc ケーブル' },
  { value: 2, label: 'LED 赤', description: 'P-0012' },
  { value: 3, label: 'ネジ M3' },
];

function Harness({ initial = null, onChange }: { initial?: number | null; onChange?: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <SearchableDropdown
      label="部品"
      options={OPTIONS}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      placeholder="部品を検索"
    />
  );
}

function optionNames() {
  return screen.queryAllByRole('option').map((option) => option.textContent);
}

describe('SearchableDropdown', () => {
  it('is a combobox labelled by a visible label', () => {
    render(<Harness />);
    expect(screen.getByText('部品')).not.toHaveClass('sr-only');
    expect(screen.getByRole('combobox', { name: '部品' })).toHaveAttribute('placeholder', '部品を検索');
  });

  it('keeps the label for assistive technology when hideLabel is set', () => {
    render(<SearchableDropdown label="商品" options={OPTIONS} value={null} onChange={() => {}} hideLabel />);
    expect(screen.getByText('商品')).toHaveClass('sr-only');
    expect(screen.getByRole('combobox', { name: '商品' })).toBeInTheDocument();
  });

  it('matches a full-width query against half-width text, ignoring case', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: '部品' }), 'ＡＢＣ');
    expect(optionNames()).toEqual(['abc ケーブル']);
  });

  it('matches half-width katakana and the description', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: '部品' });

    await user.type(input, 'ﾈｼﾞ');
    expect(optionNames()).toEqual(['ネジ M3']);

    await user.clear(input);
    await user.type(input, 'p-0012');
    expect(optionNames()).toEqual(['LED 赤P-0012']);
  });

  it('finds katakana labels from hiragana', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: '部品' }), 'ねじ');
    expect(optionNames()).toEqual(['ネジ M3']);
  });

  it('opens the list when the field is clicked, also again after a choice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: '部品' });

    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual(['abc ケーブル', 'LED 赤P-0012', 'ネジ M3']);

    await user.click(screen.getByRole('option', { name: 'ネジ M3' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    await user.click(input);
    expect(optionNames()).toHaveLength(3);
    // A second click leaves it open (the button beside it closes it).
    await user.click(input);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('shows the empty text when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: '部品' }), 'zzz');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('該当する項目がありません')).toBeInTheDocument();
  });

  it('selects an option and shows its label', async () => {
    const user = userEvent.setup();
    const handleChange = vi.fn();
    render(<Harness onChange={handleChange} />);
    const input = screen.getByRole('combobox', { name: '部品' });

    await user.type(input, 'led');
    await user.click(screen.getByRole('option', { name: /LED 赤/ }));

    expect(handleChange).toHaveBeenLastCalledWith(2);
    expect(input).toHaveValue('LED 赤');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('keeps the value when the user leaves without editing and clears it when the text was removed', async () => {
    const user = userEvent.setup();
    const handleChange = vi.fn();
    render(
      <>
        <Harness initial={3} onChange={handleChange} />
        <button type="button">次へ</button>
      </>,
    );
    const input = screen.getByRole('combobox', { name: '部品' });
    expect(input).toHaveValue('ネジ M3');

    await user.click(input);
    await user.click(screen.getByRole('button', { name: '次へ' }));
    expect(handleChange).not.toHaveBeenCalled();
    expect(input).toHaveValue('ネジ M3');

    await user.clear(input);
    await user.tab();
    expect(handleChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('clears the value when the user types and then deletes the text before leaving', async () => {
    const user = userEvent.setup();
    const handleChange = vi.fn();
    render(<Harness initial={3} onChange={handleChange} />);
    const input = screen.getByRole('combobox', { name: '部品' });

    await user.click(input);
    await user.keyboard('{Control>}a{/Control}le{Backspace}{Backspace}');
    await user.tab();

    expect(handleChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('selects with the keyboard', async () => {
    const user = userEvent.setup();
    const handleChange = vi.fn();
    render(<Harness onChange={handleChange} />);

    await user.type(screen.getByRole('combobox', { name: '部品' }), 'ネジ');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(handleChange).toHaveBeenLastCalledWith(3);
  });

  it('keeps the value when the user types and leaves without choosing', async () => {
    const user = userEvent.setup();
    const handleChange = vi.fn();
    render(<Harness initial={3} onChange={handleChange} />);
    const input = screen.getByRole('combobox', { name: '部品' });

    await user.click(input);
    await user.keyboard('{Control>}a{/Control}zzz');
    await user.tab();

    expect(handleChange).not.toHaveBeenCalled();
    expect(input).toHaveValue('ネジ M3');
  });

  it('cannot be used when disabled', () => {
    render(<SearchableDropdown label="部品" options={OPTIONS} value={null} onChange={() => {}} disabled />);
    expect(screen.getByRole('combobox', { name: '部品' })).toBeDisabled();
  });

  it('draws a read-only look-alike until the combobox code arrives, and hands the focus over to it', async () => {
    vi.resetModules();
    // A fresh copy of the module, whose combobox code has not been loaded yet (setup-tests loads it for the others).
    const fresh = await import('./searchable-dropdown.tsx');
    render(<fresh.SearchableDropdown label="部品" options={OPTIONS} value={2} onChange={() => {}} placeholder="部品を検索" />);
    const standIn = screen.getByLabelText('部品');
    expect(standIn).toHaveAttribute('readonly');
    expect(standIn).toHaveValue('LED 赤');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();

    // Synchronously, before the dynamic import of the combobox code has settled.
    standIn.focus();

    const combobox = await screen.findByRole('combobox', { name: '部品' });
    expect(combobox).toHaveValue('LED 赤');
    expect(combobox).toHaveFocus();
  });

  it('opens the list when the look-alike was clicked before the combobox code arrived', async () => {
    vi.resetModules();
    const fresh = await import('./searchable-dropdown.tsx');
    render(<fresh.SearchableDropdown label="部品" options={OPTIONS} value={null} onChange={() => {}} />);
    fireEvent.click(screen.getByLabelText('部品'));

    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '部品' })).toHaveAttribute('aria-expanded', 'true');
  });
});

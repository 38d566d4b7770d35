import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { InlineNumberCell, type InvalidNumberInput, parseNumberInput } from './inline-number-cell.tsx';

function Harness({
  initial = 5,
  editable = true,
  onSave = vi.fn(),
  invalidInput,
  nullable,
  min = 0,
  max = 1000,
}: {
  initial?: number | null;
  editable?: boolean;
  onSave?: (value: number | null) => Promise<unknown> | void;
  invalidInput?: InvalidNumberInput;
  nullable?: boolean;
  min?: number;
  max?: number;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <InlineNumberCell
        value={value}
        editable={editable}
        label="在庫"
        min={min}
        max={max}
        invalidInput={invalidInput}
        nullable={nullable}
        format={(number) => `${number}個`}
        onSave={async (next) => {
          await onSave(next);
          setValue(next);
        }}
      />
      <button type="button">外</button>
    </>
  );
}

async function editTo(text: string, finish: '{Enter}' | '{Escape}' | 'blur' = '{Enter}') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: '在庫を編集' }));
  const input = screen.getByRole('textbox', { name: '在庫' });
  expect(input).toHaveFocus();
  await user.clear(input);
  if (text) await user.type(input, text);
  if (finish === 'blur') await user.click(screen.getByRole('button', { name: '外' }));
  else await user.keyboard(finish);
}

describe('InlineNumberCell', () => {
  it('shows the formatted value as plain text while locked and cannot be edited', async () => {
    render(<Harness editable={false} />);
    expect(screen.getByText('5個')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '在庫を編集' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByText('5個'));
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('saves the number on Enter, parsed as a number', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await editTo('12');
    expect(onSave).toHaveBeenCalledExactlyOnceWith(12);
    expect(screen.getByRole('button', { name: '在庫を編集' })).toHaveTextContent('12個');
  });

  it('saves on blur', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await editTo('7', 'blur');
    expect(onSave).toHaveBeenCalledExactlyOnceWith(7);
  });

  it('cancels on Escape without saving, and the following blur saves nothing', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await editTo('99', '{Escape}');
    await userEvent.setup().click(screen.getByRole('button', { name: '外' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '在庫を編集' })).toHaveTextContent('5個');
  });

  it('saves empty input as unset', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await editTo('');
    expect(onSave).toHaveBeenCalledExactlyOnceWith(null);
    expect(screen.getByRole('button', { name: '在庫を編集' })).toHaveTextContent('-');
  });

  it('turns non-numeric input into unset in the parts-table variant', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} invalidInput="unset" />);
    await editTo('abc');
    expect(onSave).toHaveBeenCalledExactlyOnceWith(null);
  });

  it('cancels on non-numeric input in the dashboard variant', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} invalidInput="cancel" />);
    await editTo('abc');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '在庫を編集' })).toHaveTextContent('5個');
  });

  it('keeps the value of a field that cannot be unset', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} nullable={false} />);
    await editTo('');
    await editTo('abc');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '在庫を編集' })).toHaveTextContent('5個');
  });

  it('clamps values below min and above max', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} min={0} max={100} />);
    await editTo('-5');
    expect(onSave).toHaveBeenLastCalledWith(0);
    await editTo('500');
    expect(onSave).toHaveBeenLastCalledWith(100);
  });

  it('does not save an unchanged value', async () => {
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    await editTo('5');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('goes back to the old value when the save fails', async () => {
    let reject: (error: Error) => void = () => {};
    const onSave = vi.fn(() => new Promise((_, rejectSave) => (reject = rejectSave)));
    render(<Harness onSave={onSave} />);
    await editTo('8');
    const button = screen.getByRole('button', { name: '在庫を編集' });
    expect(button).toHaveTextContent('8個');
    expect(button).toBeDisabled();
    reject(new Error('失敗'));
    await waitFor(() => expect(screen.getByRole('button', { name: '在庫を編集' })).toHaveTextContent('5個'));
    expect(screen.getByRole('button', { name: '在庫を編集' })).toBeEnabled();
  });
});

describe('parseNumberInput', () => {
  it('accepts full-width digits, separators and decimals', () => {
    expect(parseNumberInput('１２３', { invalidInput: 'unset' })).toEqual({ kind: 'number', value: 123 });
    expect(parseNumberInput('1,234.5', { invalidInput: 'unset' })).toEqual({ kind: 'number', value: 1234.5 });
    expect(parseNumberInput('  ', { invalidInput: 'cancel' })).toEqual({ kind: 'unset' });
    expect(parseNumberInput('1e400', { invalidInput: 'cancel' })).toEqual({ kind: 'cancel' });
  });
});

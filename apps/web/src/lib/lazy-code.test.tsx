import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyCode, lazyComponent, useLazyCode } from './lazy-code.tsx';

// Each test makes its own lazy code: setup-tests loads every lazy code of the modules loaded
// before the tests start, and these must stay unloaded until the test says so.

/** A download that finishes when the test calls `arrive`. */
function download<Code>() {
  let arrive!: (code: Code) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<Code>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
  return { load: vi.fn(() => promise), arrive: (code: Code) => act(async () => arrive(code)), fail: (error: Error) => act(async () => fail(error)) };
}

interface ToggleProps {
  label: string;
}

function RealToggle({ label }: ToggleProps) {
  const [open, setOpen] = useState(false);
  return (
    <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
      {label}
    </button>
  );
}

function ToggleStandIn({ label }: ToggleProps) {
  return <button type="button">{label}</button>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{(this.state.error as Error).message}</p> : this.props.children;
  }
}

describe('lazyComponent', () => {
  it('draws nothing until the code is here, then the component with its props', async () => {
    const code = download<typeof RealToggle>();
    const Lazy = lazyComponent(code.load);
    const { container } = render(<Lazy label="開く" />);
    expect(container).toBeEmptyDOMElement();
    expect(code.load).toHaveBeenCalledTimes(1);

    await code.arrive(RealToggle);
    expect(screen.getByRole('button', { name: '開く' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('draws the stand-in with the same props, and replays a click on it on the real control', async () => {
    const code = download<typeof RealToggle>();
    const Lazy = lazyComponent(code.load, ToggleStandIn);
    render(<Lazy label="メニュー" />);
    const standIn = screen.getByRole('button', { name: 'メニュー' });
    expect(standIn).not.toHaveAttribute('aria-expanded');

    fireEvent.click(standIn);
    await code.arrive(RealToggle);

    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves the focus from the stand-in to the real control, without a click', async () => {
    const code = download<typeof RealToggle>();
    const Lazy = lazyComponent(code.load, ToggleStandIn);
    render(<Lazy label="メニュー" />);
    act(() => screen.getByRole('button', { name: 'メニュー' }).focus());

    await code.arrive(RealToggle);

    const real = screen.getByRole('button', { name: 'メニュー' });
    expect(real).toHaveFocus();
    expect(real).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves the focus where the user took it before the code arrived', async () => {
    const code = download<typeof RealToggle>();
    const Lazy = lazyComponent(code.load, ToggleStandIn);
    render(
      <>
        <Lazy label="メニュー" />
        <input aria-label="検索" />
      </>,
    );
    act(() => screen.getByRole('button', { name: 'メニュー' }).focus());
    act(() => screen.getByRole('textbox', { name: '検索' }).focus());

    await code.arrive(RealToggle);

    expect(screen.getByRole('textbox', { name: '検索' })).toHaveFocus();
  });

  it('replays only clicks on a control: a click on a loading spinner presses nothing', async () => {
    const code = download<typeof RealToggle>();
    const Lazy = lazyComponent(code.load, () => <p>読み込み中...</p>);
    render(<Lazy label="メニュー" />);
    fireEvent.click(screen.getByText('読み込み中...'));

    await code.arrive(RealToggle);

    expect(screen.getByRole('button', { name: 'メニュー' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('with mountOnUse keeps the stand-in once the code is here, until it is clicked', async () => {
    const code = download<typeof RealToggle>();
    const Lazy = lazyComponent(code.load, ToggleStandIn);
    render(<Lazy mountOnUse label="行の操作" />);
    await code.arrive(RealToggle);
    expect(screen.getByRole('button', { name: '行の操作' })).not.toHaveAttribute('aria-expanded');

    await userEvent.click(screen.getByRole('button', { name: '行の操作' }));

    expect(screen.getByRole('button', { name: '行の操作' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('with mountOnUse hands keyboard focus to the real control', async () => {
    const code = download<typeof RealToggle>();
    const Lazy = lazyComponent(code.load, ToggleStandIn);
    render(<Lazy mountOnUse label="行の操作" />);
    await code.arrive(RealToggle);

    await userEvent.tab();

    const real = screen.getByRole('button', { name: '行の操作' });
    expect(real).toHaveAttribute('aria-expanded', 'false');
    expect(real).toHaveFocus();
  });

  it('shows a failed download where the component is drawn, and fetches again the next time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const first = download<typeof RealToggle>();
    const load = vi.fn(first.load);
    const Lazy = lazyComponent(load);
    const view = render(
      <Boundary>
        <Lazy label="開く" />
      </Boundary>,
    );

    await first.fail(new Error('読み込めませんでした'));
    expect(screen.getByRole('alert')).toHaveTextContent('読み込めませんでした');

    load.mockImplementation(async () => RealToggle);
    view.unmount();
    render(<Lazy label="開く" />);
    expect(await screen.findByRole('button', { name: '開く' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.mocked(console.error).mockRestore();
  });
});

describe('useLazyCode', () => {
  it('answers undefined until the code is here, then the code, fetched once for every component', async () => {
    const code = download<(text: string) => string>();
    const shout = lazyCode(code.load);
    function Shout({ text }: { text: string }) {
      const transform = useLazyCode(shout);
      return <p>{transform ? transform(text) : text}</p>;
    }
    render(
      <>
        <Shout text="a" />
        <Shout text="b" />
      </>,
    );
    expect(screen.getByText('a')).toBeInTheDocument();

    await code.arrive((text) => text.toUpperCase());

    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByText('B')).toBeInTheDocument();
    expect(code.load).toHaveBeenCalledTimes(1);
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PullToRefresh } from './pull-to-refresh.tsx';

const indicator = () => screen.getByTestId('pull-indicator');
const list = () => screen.getByText('部品一覧');

function pull(to: number, { from = 100, release = true }: { from?: number; release?: boolean } = {}) {
  fireEvent.touchStart(list(), { touches: [{ clientX: 50, clientY: from }] });
  fireEvent.touchMove(list(), { touches: [{ clientX: 52, clientY: from + to / 2 }] });
  fireEvent.touchMove(list(), { touches: [{ clientX: 52, clientY: from + to }] });
  if (release) fireEvent.touchEnd(list(), { touches: [], changedTouches: [{ clientX: 52, clientY: from + to }] });
}

function renderPull(props: { onRefresh: () => Promise<unknown>; threshold?: number }) {
  return render(
    <PullToRefresh {...props}>
      <p>部品一覧</p>
    </PullToRefresh>,
  );
}

beforeEach(() => {
  window.scrollY = 0;
});
afterEach(() => {
  window.scrollY = 0;
});

describe('PullToRefresh', () => {
  it('shows a pull of half the drag, capped at 96 px', () => {
    renderPull({ onRefresh: vi.fn(async () => {}) });
    pull(100, { release: false });
    expect(indicator()).toHaveStyle({ height: '50px' });
    expect(indicator()).toHaveTextContent('引っ張って更新');

    fireEvent.touchMove(list(), { touches: [{ clientX: 52, clientY: 100 + 400 }] });
    expect(indicator()).toHaveStyle({ height: '96px' });
    expect(indicator()).toHaveTextContent('離して更新');
  });

  it('does not refresh when released below the threshold of 80', () => {
    const onRefresh = vi.fn(async () => {});
    renderPull({ onRefresh });
    pull(158); // 79 px
    expect(onRefresh).not.toHaveBeenCalled();
    expect(indicator()).toHaveStyle({ height: '0px' });
  });

  it('refreshes at the threshold and shows a spinner until onRefresh settles', async () => {
    let finish: () => void = () => {};
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderPull({ onRefresh });
    pull(160); // exactly 80 px
    await act(async () => {});
    expect(onRefresh).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('更新中...');

    // A second pull while refreshing does nothing.
    pull(300);
    await act(async () => {});
    expect(onRefresh).toHaveBeenCalledOnce();

    await act(async () => finish());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(indicator()).toHaveStyle({ height: '0px' });
  });

  it('takes a smaller threshold (the products screen uses 60)', async () => {
    const onRefresh = vi.fn(async () => {});
    renderPull({ onRefresh, threshold: 60 });
    pull(118);
    expect(onRefresh).not.toHaveBeenCalled();
    pull(120);
    await act(async () => {});
    expect(onRefresh).toHaveBeenCalledOnce();
  });

  it('settles after a failed refresh too (the caller reports the failure)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPull({ onRefresh: vi.fn(async () => Promise.reject(new Error('更新に失敗しました'))) });
    pull(200);
    await act(async () => {});
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('does nothing unless the page is scrolled to the top', () => {
    const onRefresh = vi.fn(async () => {});
    renderPull({ onRefresh });
    window.scrollY = 120;
    pull(300);
    expect(onRefresh).not.toHaveBeenCalled();
    expect(indicator()).toHaveStyle({ height: '0px' });
  });

  it('ignores upward and sideways movement', () => {
    const onRefresh = vi.fn(async () => {});
    renderPull({ onRefresh });
    pull(-200, { from: 400 });
    expect(indicator()).toHaveStyle({ height: '0px' });

    fireEvent.touchStart(list(), { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchMove(list(), { touches: [{ clientX: 150, clientY: 130 }] });
    fireEvent.touchMove(list(), { touches: [{ clientX: 100, clientY: 300 }] });
    fireEvent.touchEnd(list(), { touches: [], changedTouches: [{ clientX: 100, clientY: 300 }] });
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('ignores touches in a portal opened from the page (a dropdown list scrolled with the finger)', () => {
    const onRefresh = vi.fn(async () => {});
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>部品一覧</p>
        {createPortal(<ul aria-label="候補" />, document.body)}
      </PullToRefresh>,
    );
    const list = screen.getByRole('list', { name: '候補' });
    fireEvent.touchStart(list, { touches: [{ clientX: 50, clientY: 100 }] });
    fireEvent.touchMove(list, { touches: [{ clientX: 50, clientY: 400 }] });
    fireEvent.touchEnd(list, { touches: [], changedTouches: [{ clientX: 50, clientY: 400 }] });
    expect(indicator()).toHaveStyle({ height: '0px' });
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it("turns off the browser's own pull-to-refresh while mounted", () => {
    const { unmount } = renderPull({ onRefresh: vi.fn(async () => {}) });
    expect(document.documentElement.style.overscrollBehaviorY).toBe('contain');
    unmount();
    expect(document.documentElement.style.overscrollBehaviorY).toBe('');
  });
});

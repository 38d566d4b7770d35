import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWindowRows } from './use-virtual-rows.ts';

// The virtualiser's ResizeObserver, driven by the test: it reports sizes as a browser would after
// its own layout.
const observed = new Set<Element>();
let report: ResizeObserverCallback = () => {};
class TestResizeObserver {
  constructor(callback: ResizeObserverCallback) {
    report = callback;
  }
  observe(element: Element) {
    observed.add(element);
  }
  unobserve(element: Element) {
    observed.delete(element);
  }
  disconnect() {
    observed.clear();
  }
}

function List({ count }: { count: number }) {
  const { listRef, rows, paddingTop, paddingBottom, itemProps } = useWindowRows<HTMLUListElement>({
    count,
    estimateRowHeight: 50,
    getRowKey: (index) => index,
  });
  return (
    <ul ref={listRef} aria-label="一覧" style={{ paddingTop, paddingBottom }}>
      {rows.map((row) => (
        <li key={row.key} {...itemProps(row)}>
          行{row.index + 1}
        </li>
      ))}
    </ul>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  observed.clear();
});

describe('useWindowRows', () => {
  it('takes the heights of drawn rows from the ResizeObserver, never by forcing a layout while React draws', () => {
    vi.stubGlobal('ResizeObserver', TestResizeObserver);
    const offsetHeight = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get');
    render(<List count={100} />);

    const drawn = screen.getAllByRole('listitem');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(100);
    expect(offsetHeight).not.toHaveBeenCalled();
    const list = screen.getByRole('list', { name: '一覧' });
    // Every row not drawn stands as its estimate of 50 px.
    expect(list.style.paddingBottom).toBe(`${(100 - drawn.length) * 50}px`);

    // The browser lays the drawn rows out at 80 px: fewer rows now fill the window; those measured
    // and no longer drawn stand as their 80 px, the others still as 50 px.
    const entries = [...observed].map((target) => ({ target, borderBoxSize: [{ blockSize: 80, inlineSize: 300 }] }) as unknown as ResizeObserverEntry);
    act(() => report(entries, {} as ResizeObserver));
    const redrawn = screen.getAllByRole('listitem');
    expect(redrawn.length).toBeLessThan(drawn.length);
    expect(list.style.paddingBottom).toBe(`${(drawn.length - redrawn.length) * 80 + (100 - drawn.length) * 50}px`);
    expect(offsetHeight).not.toHaveBeenCalled();
  });
});

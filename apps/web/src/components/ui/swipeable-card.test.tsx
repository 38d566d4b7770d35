import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPortal } from 'react-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SwipeableCard } from './swipeable-card.tsx';

const onEdit = vi.fn();
const onDelete = vi.fn();
const onCardClick = vi.fn();

function renderCard() {
  render(
    <>
      <SwipeableCard
        actions={[
          { label: '編集', onClick: onEdit, className: 'bg-blue-600 text-white' },
          { label: '削除', onClick: onDelete, className: 'bg-red-600 text-white' },
        ]}
      >
        <button type="button" onClick={onCardClick}>
          LED 赤
        </button>
      </SwipeableCard>
      <p>ほかの場所</p>
    </>,
  );
}

const root = () => document.querySelector<HTMLElement>('[data-state]')!;
const content = () => document.querySelector<HTMLElement>('[data-swipe-content]')!;
const card = () => screen.getByRole('button', { name: 'LED 赤' });

/** A one-finger gesture: down at (x, y), moves to (x + dx, y + dy) over `ms`, lifts. */
function swipe({ dx, dy = 0, ms, x = 300, y = 100 }: { dx: number; dy?: number; ms: number; x?: number; y?: number }) {
  fireEvent.touchStart(card(), { touches: [{ clientX: x, clientY: y }] });
  act(() => vi.advanceTimersByTime(ms / 2));
  fireEvent.touchMove(card(), { touches: [{ clientX: x + dx / 2, clientY: y + dy / 2 }] });
  act(() => vi.advanceTimersByTime(ms / 2));
  fireEvent.touchMove(card(), { touches: [{ clientX: x + dx, clientY: y + dy }] });
  fireEvent.touchEnd(card(), { touches: [], changedTouches: [{ clientX: x + dx, clientY: y + dy }] });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.clearAllMocks();
});
afterEach(() => vi.useRealTimers());

describe('SwipeableCard', () => {
  it('keeps vertical panning to the browser and the actions 80 px wide each', () => {
    renderCard();
    expect(root()).toHaveClass('touch-pan-y');
    expect(screen.getByRole('button', { name: '編集' })).toHaveStyle({ width: '80px' });
    expect(screen.getByRole('button', { name: '削除' })).toHaveStyle({ width: '80px' });
    expect(content()).toHaveStyle({ transform: 'translateX(0px)' });
  });

  it('opens on a left swipe of 50 px within 300 ms, revealing both actions', () => {
    renderCard();
    swipe({ dx: -50, ms: 300 });
    expect(root()).toHaveAttribute('data-state', 'open');
    expect(content()).toHaveStyle({ transform: 'translateX(-160px)' });
  });

  it('does not open below 50 px or after 300 ms', () => {
    renderCard();
    swipe({ dx: -49, ms: 100 });
    expect(root()).toHaveAttribute('data-state', 'closed');

    swipe({ dx: -120, ms: 320 });
    expect(root()).toHaveAttribute('data-state', 'closed');
    // The card followed the finger during the slow drag and settles back.
    expect(content()).toHaveStyle({ transform: 'translateX(0px)' });
  });

  it('follows the finger while dragging, no further than the actions', () => {
    renderCard();
    fireEvent.touchStart(card(), { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchMove(card(), { touches: [{ clientX: 270, clientY: 102 }] });
    expect(content()).toHaveStyle({ transform: 'translateX(-30px)' });
    fireEvent.touchMove(card(), { touches: [{ clientX: 0, clientY: 102 }] });
    expect(content()).toHaveStyle({ transform: 'translateX(-160px)' });
  });

  it('leaves a mostly vertical movement to page scrolling', () => {
    renderCard();
    swipe({ dx: -60, dy: 90, ms: 100 });
    expect(root()).toHaveAttribute('data-state', 'closed');
    expect(content()).toHaveStyle({ transform: 'translateX(0px)' });
  });

  it('closes on a right swipe', () => {
    renderCard();
    swipe({ dx: -80, ms: 150 });
    act(() => vi.advanceTimersByTime(1000));
    swipe({ dx: 60, ms: 150 });
    expect(root()).toHaveAttribute('data-state', 'closed');
  });

  it('closes when something else is touched', () => {
    renderCard();
    swipe({ dx: -80, ms: 150 });
    fireEvent.touchStart(screen.getByText('ほかの場所'), { touches: [{ clientX: 10, clientY: 400 }] });
    expect(root()).toHaveAttribute('data-state', 'closed');
  });

  it('runs an action and closes; a tap on the open card only closes it', () => {
    renderCard();
    swipe({ dx: -80, ms: 150 });
    fireEvent.click(card());
    expect(onCardClick).not.toHaveBeenCalled();
    expect(root()).toHaveAttribute('data-state', 'closed');

    swipe({ dx: -80, ms: 150 });
    fireEvent.click(screen.getByRole('button', { name: '削除' }));
    expect(onDelete).toHaveBeenCalledOnce();
    expect(onEdit).not.toHaveBeenCalled();
    expect(root()).toHaveAttribute('data-state', 'closed');
  });

  it('lets a plain tap through to the card', () => {
    renderCard();
    fireEvent.touchStart(card(), { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(card(), { touches: [], changedTouches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.click(card());
    expect(onCardClick).toHaveBeenCalledOnce();
  });

  it('works with a mouse drag, whose closing click is not a tap on the card', () => {
    renderCard();
    fireEvent.mouseDown(card(), { button: 0, clientX: 300, clientY: 100 });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.mouseMove(window, { clientX: 220, clientY: 100 });
    fireEvent.mouseUp(window, { clientX: 220, clientY: 100 });
    fireEvent.click(card());
    expect(root()).toHaveAttribute('data-state', 'open');
    expect(onCardClick).not.toHaveBeenCalled();
  });

  it('ignores the mouse events a browser emulates right after a touch', () => {
    renderCard();
    fireEvent.touchStart(card(), { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(card(), { touches: [], changedTouches: [{ clientX: 300, clientY: 100 }] });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.mouseDown(card(), { button: 0, clientX: 300, clientY: 100 });
    fireEvent.mouseMove(window, { clientX: 200, clientY: 100 });
    fireEvent.mouseUp(window, { clientX: 200, clientY: 100 });
    expect(root()).toHaveAttribute('data-state', 'closed');
  });

  it('ignores gestures and clicks in a portal opened from the card (a popover)', () => {
    const onPopoverClick = vi.fn();
    render(
      <SwipeableCard actions={[{ label: '削除', onClick: onDelete }]}>
        <p>カード</p>
        {createPortal(
          <button type="button" onClick={onPopoverClick}>
            ポップオーバー
          </button>,
          document.body,
        )}
      </SwipeableCard>,
    );
    const popover = screen.getByRole('button', { name: 'ポップオーバー' });
    fireEvent.touchStart(popover, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchMove(popover, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(popover, { touches: [], changedTouches: [{ clientX: 200, clientY: 100 }] });
    expect(root()).toHaveAttribute('data-state', 'closed');
    expect(content()).toHaveStyle({ transform: 'translateX(0px)' });
    fireEvent.click(popover);
    expect(onPopoverClick).toHaveBeenCalledOnce();
  });

  it('reveals the actions when one gets the keyboard focus', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    renderCard();
    await user.tab();
    expect(screen.getByRole('button', { name: '編集' })).toHaveFocus();
    expect(root()).toHaveAttribute('data-state', 'open');
    act(() => card().focus());
    act(() => card().blur());
    expect(root()).toHaveAttribute('data-state', 'closed');
  });

  it('stays closed when a dialog opened by a tapped action gives the focus back to it', async () => {
    renderCard();
    swipe({ dx: -80, ms: 150 });
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    const user = userEvent.setup();
    const edit = screen.getByRole('button', { name: '編集' });
    await user.click(edit);
    expect(onEdit).toHaveBeenCalledOnce();
    act(() => edit.blur());
    act(() => edit.focus());
    expect(root()).toHaveAttribute('data-state', 'closed');
  });
});

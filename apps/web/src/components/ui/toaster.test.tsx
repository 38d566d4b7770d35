import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepToastsBelow, Toaster } from './toaster.tsx';

// jsdom has no pointer capture; sonner calls it when a toast is pressed.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

afterEach(() => {
  act(() => toast.dismiss());
  document.documentElement.classList.remove('dark');
});

function toaster() {
  return screen.getByRole('region', { name: /通知/ }).querySelector('[data-sonner-toaster]');
}

describe('Toaster', () => {
  it('shows toasts below the navigation bar, centred, in rich colours with a close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast.error('部品の保存に失敗しました');
    });

    const message = await screen.findByText('部品の保存に失敗しました');
    const item = message.closest('[data-sonner-toast]');
    expect(item).toHaveAttribute('data-type', 'error');
    expect(item).toHaveAttribute('data-rich-colors', 'true');
    expect(toaster()).toHaveAttribute('data-y-position', 'top');
    expect(toaster()).toHaveAttribute('data-x-position', 'center');
    // Clear of the 56 px bar with the user menu, the theme toggle and the mobile menu button, and
    // of a bar under it (keepToastsBelow).
    const belowBars = 'calc(64px + var(--toasts-below-bar, 0px))';
    expect(toaster()).toHaveStyle({ '--offset-top': belowBars, '--mobile-offset-top': belowBars });

    await user.click(within(item as HTMLElement).getByRole('button', { name: '閉じる' }));
    await expect.poll(() => screen.queryByText('部品の保存に失敗しました')).toBeNull();
  });

  it('follows the dark class on <html>, also when it changes later', async () => {
    render(<Toaster />);
    act(() => {
      toast('通知');
    });
    await screen.findByText('通知');
    expect(toaster()).toHaveAttribute('data-sonner-theme', 'light');

    act(() => document.documentElement.classList.add('dark'));
    await expect.poll(() => toaster()?.getAttribute('data-sonner-theme')).toBe('dark');

    act(() => document.documentElement.classList.remove('dark'));
    await expect.poll(() => toaster()?.getAttribute('data-sonner-theme')).toBe('light');
  });
});

describe('keepToastsBelow', () => {
  it('pushes the toasts down by the height of the bar while the bar is on the page', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(52);
    const { unmount } = render(<div ref={keepToastsBelow}>メールアドレスが未認証です。</div>);
    expect(document.documentElement.style.getPropertyValue('--toasts-below-bar')).toBe('52px');
    unmount();
    expect(document.documentElement.style.getPropertyValue('--toasts-below-bar')).toBe('');
    vi.restoreAllMocks();
  });
});

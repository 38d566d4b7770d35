import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, TOAST_DURATION_MS } from './notify.ts';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() },
}));

describe('notify', () => {
  beforeEach(() => vi.clearAllMocks());

  it('uses the durations from the specification', () => {
    expect(TOAST_DURATION_MS).toEqual({ default: 5000, error: 8000, warning: 6000 });
  });

  it.each([
    ['success', 5000],
    ['info', 5000],
    ['warning', 6000],
    ['error', 8000],
  ] as const)('%s shows a %i ms toast of that kind', (kind, duration) => {
    notify[kind]('部品リストを更新しました');
    expect(toast[kind]).toHaveBeenCalledExactlyOnceWith('部品リストを更新しました', { duration });
    for (const other of ['success', 'info', 'warning', 'error'] as const) {
      if (other !== kind) expect(toast[other]).not.toHaveBeenCalled();
    }
  });

  it('adds a description line to a success toast when given one', () => {
    notify.success('パスワードを変更しました', 'ほかの端末ではログアウトされました');
    expect(toast.success).toHaveBeenCalledExactlyOnceWith('パスワードを変更しました', {
      duration: 5000,
      description: 'ほかの端末ではログアウトされました',
    });
  });
});

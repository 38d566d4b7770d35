import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARTS_TABLE_LOCK_KEY, usePartsTableLock } from './use-parts-table-lock.ts';

describe('usePartsTableLock', () => {
  it('starts locked when nothing is stored', () => {
    const { result } = renderHook(() => usePartsTableLock());
    expect(result.current.locked).toBe(true);
  });

  it('remembers an unlock and a lock in local storage', () => {
    const { result, unmount } = renderHook(() => usePartsTableLock());
    act(() => result.current.setLocked(false));
    expect(result.current.locked).toBe(false);
    expect(localStorage.getItem(PARTS_TABLE_LOCK_KEY)).toBe('false');
    unmount();

    const again = renderHook(() => usePartsTableLock());
    expect(again.result.current.locked).toBe(false);
    act(() => again.result.current.setLocked(true));
    expect(localStorage.getItem(PARTS_TABLE_LOCK_KEY)).toBe('true');
  });

  it('treats an unknown stored value as locked', () => {
    localStorage.setItem(PARTS_TABLE_LOCK_KEY, 'garbage');
    const { result } = renderHook(() => usePartsTableLock());
    expect(result.current.locked).toBe(true);
  });
});

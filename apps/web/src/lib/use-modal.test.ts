import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useModal } from './use-modal.ts';

describe('useModal', () => {
  it('holds the open dialog until it is closed, with stable handlers', () => {
    const { result } = renderHook(() => useModal<{ kind: 'edit'; id: number } | { kind: 'create' }>());
    const { openModal, closeModal } = result.current;
    expect(result.current.modal).toBeNull();
    act(() => openModal({ kind: 'edit', id: 3 }));
    expect(result.current.modal).toEqual({ kind: 'edit', id: 3 });
    act(() => openModal({ kind: 'create' }));
    expect(result.current.modal).toEqual({ kind: 'create' });
    act(() => closeModal());
    expect(result.current.modal).toBeNull();
    expect(result.current.openModal).toBe(openModal);
    expect(result.current.closeModal).toBe(closeModal);
  });
});

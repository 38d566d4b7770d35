import { useCallback, useState } from 'react';

/** Local storage key of the parts table's lock. */
export const PARTS_TABLE_LOCK_KEY = 'parts_table_locked';

function readLocked() {
  try {
    // Anything but an explicit 'false' (nothing stored yet, storage blocked) means locked.
    return localStorage.getItem(PARTS_TABLE_LOCK_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** The table starts locked; while locked, inline cells cannot be edited. The choice is remembered. */
export function usePartsTableLock() {
  const [locked, setLockedState] = useState(readLocked);
  const setLocked = useCallback((next: boolean) => {
    setLockedState(next);
    try {
      localStorage.setItem(PARTS_TABLE_LOCK_KEY, String(next));
    } catch {
      // Storage can be blocked (private mode): the choice then lasts until the page is left.
    }
  }, []);
  return { locked, setLocked };
}

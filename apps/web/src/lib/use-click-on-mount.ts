import { useEffect, useRef } from 'react';

/**
 * A ref for the real button of a control that replaced a look-alike (lib/code-after-paint.ts):
 * when the look-alike was clicked before the control's code arrived, the button is clicked on
 * mount, so the click still opens what it meant to.
 */
export function useClickOnMount(clickedEarly: boolean) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (clickedEarly) buttonRef.current?.click();
  }, [clickedEarly]);
  return buttonRef;
}

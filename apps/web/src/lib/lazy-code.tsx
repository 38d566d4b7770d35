import { type ComponentType, createElement, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The one way code is loaded after a screen's own download (the router splits the screens).
 * Every screen keeps its JavaScript before first paint within 200 KB gzip
 * (app/bundle-size.test.ts) by fetching here what it can draw without for a moment:
 *
 * - `lazyComponent(load)`: a dialog, a banner few people see; fetched when first drawn, nothing
 *   is drawn until it is here.
 * - `lazyComponent(load, StandIn)`: something the screen shows at once (a menu, a combobox, a
 *   chart). StandIn, declared next to the call, draws with the same props until the code is here;
 *   a click on a control of the stand-in is replayed on the real component's first control, and
 *   the focus moves there, so nothing the user did early is lost.
 * - `lazyCode(load)` with `useLazyCode`: code that is not a component (a schema check).
 *
 * Downloads start after the component's first render, so they never hold its paint back; a
 * download that fails is thrown where the code is used, as a failed screen download is.
 */
export interface LazyCode<Code> {
  /** The code, fetched unless it is here already (a failed fetch is tried again on the next call). */
  load(): Promise<Code>;
  /** The code when it has arrived. */
  current(): Code | undefined;
}

const everyLazyCode: LazyCode<unknown>[] = [];

/**
 * For tests (testing/setup-tests.ts): fetches every lazy code of the modules loaded so far, and
 * the lazy code those bring, as if every download had finished.
 */
export async function loadEveryLazyCode(): Promise<void> {
  for (let loaded = 0; loaded < everyLazyCode.length; ) {
    const batch = everyLazyCode.slice(loaded);
    loaded = everyLazyCode.length;
    await Promise.all(batch.map((code) => code.load()));
  }
}

export function lazyCode<Code>(load: () => Promise<Code>): LazyCode<Code> {
  let loaded: { code: Code } | undefined;
  let loading: Promise<Code> | undefined;
  const code: LazyCode<Code> = {
    load: () =>
      (loading ??= load().then(
        (arrived) => {
          loaded = { code: arrived };
          return arrived;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    current: () => loaded?.code,
  };
  everyLazyCode.push(code);
  return code;
}

/** The code once it is here (undefined until then), fetched after the component's first render. */
export function useLazyCode<Code>(code: LazyCode<Code>): Code | undefined {
  // Functions (components, resolvers) are kept through updater functions, which React would call.
  const [loaded, setLoaded] = useState(() => code.current());
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (loaded !== undefined) return undefined;
    let active = true;
    code.load().then(
      (arrived) => {
        if (active) setLoaded(() => arrived);
      },
      (error: unknown) => {
        if (active) setFailure({ error });
      },
    );
    return () => {
      active = false;
    };
  }, [code, loaded]);
  if (failure) throw failure.error;
  return loaded;
}

export type LazyComponent<Props> = ((props: Props & StandInOptions) => ReactNode) & {
  /** Starts the download now, for something the screen will show soon (a failure shows when it is drawn). */
  preload(): void;
};

interface StandInOptions {
  /**
   * Keep the stand-in until the user reaches for it (a click, or keyboard focus), even once the
   * code is here: for a control on each row of a long list, or on every page, whose real
   * component costs milliseconds to mount.
   */
  mountOnUse?: boolean;
}

export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  StandIn?: ComponentType<Props>,
): LazyComponent<Props> {
  const code = lazyCode(load);
  function Lazy({ mountOnUse = false, ...rest }: Props & StandInOptions) {
    const props = rest as Props;
    const Component = useLazyCode(code);
    // createElement, not JSX: the component is the loaded module's, the same on every render.
    const real = Component ? createElement(Component, props) : null;
    if (!StandIn) return real;
    return (
      <StandInUntilReady ready={real !== null} mountOnUse={mountOnUse} standIn={<StandIn {...props} />}>
        {real}
      </StandInUntilReady>
    );
  }
  return Object.assign(Lazy, {
    preload: () => {
      code.load().catch(() => undefined);
    },
  });
}

/**
 * Runs `task` once the browser is idle (requestIdleCallback; a second later where it is missing,
 * as in Safari), for downloads a screen wants soon but not for its first content: started with
 * the first render they took the phone's main thread from the screen itself. Returns the cancel.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 1_000);
  return () => clearTimeout(timer);
}

/** What can take a click or the focus, in document order: the real component's first one gets what reached the stand-in. */
const CONTROLS = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

interface Reached {
  clicked: boolean;
  focused: boolean;
}

function StandInUntilReady({ ready, mountOnUse, standIn, children }: { ready: boolean; mountOnUse: boolean; standIn: ReactNode; children: ReactNode }) {
  const boxRef = useRef<HTMLSpanElement>(null);
  const reached = useRef<Reached>({ clicked: false, focused: false });
  const [used, setUsed] = useState(false);
  const showReal = ready && (!mountOnUse || used);
  const reach = useCallback((what: keyof Reached) => {
    reached.current[what] = true;
  }, []);

  // After the real component's own effects, so it is set up to take the click.
  useEffect(() => {
    if (!showReal) return;
    const { clicked, focused } = reached.current;
    if (!clicked && !focused) return;
    reached.current = { clicked: false, focused: false };
    const control = boxRef.current?.querySelector<HTMLElement>(CONTROLS);
    if (focused) control?.focus();
    if (clicked) control?.click();
  }, [showReal]);

  return (
    // `contents`: the box draws nothing and leaves the layout alone; it only bounds where the controls are.
    <span ref={boxRef} className="contents">
      {showReal ? (
        children
      ) : (
        <StandInBox onReach={reach} onUse={mountOnUse && !used ? () => setUsed(true) : undefined}>
          {standIn}
        </StandInBox>
      )}
    </span>
  );
}

function StandInBox({
  onReach,
  onUse,
  children,
}: {
  onReach: (what: keyof Reached) => void;
  onUse: (() => void) | undefined;
  children: ReactNode;
}) {
  const boxRef = useRef<HTMLSpanElement>(null);
  // Whether the stand-in has the focus at the moment the real component replaces it: this cleanup
  // runs before the stand-in leaves the document.
  useLayoutEffect(() => {
    const box = boxRef.current;
    return () => {
      if (box?.contains(document.activeElement)) onReach('focused');
    };
  }, [onReach]);

  return (
    <span
      ref={boxRef}
      className="contents"
      onClickCapture={(event) => {
        // A click on a control only: a click on a spinner must not press the real component's first button.
        const control = (event.target as Element).closest(CONTROLS);
        if (!control || !boxRef.current?.contains(control)) return;
        onReach('clicked');
        onUse?.();
      }}
      onFocusCapture={(event) => {
        // Keyboard focus only: a tap focuses too, and its click must still reach the stand-in.
        if (onUse && event.target.matches(':focus-visible')) onUse();
      }}
    >
      {children}
    </span>
  );
}

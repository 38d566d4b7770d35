/**
 * Code a screen shows at once but can draw without for a moment (a menu, a combobox, a schema
 * check), fetched once, right after the first paint instead of with the screen: the screen draws
 * a look-alike until the code is here (initial JavaScript ≤ 200 KB). A component
 * keeps the code in its state and fetches it from an effect, after its first render, so the
 * fetch never holds the page's load back:
 *
 *   const [Menu, setMenu] = useState(menuCode.current);
 *   useEffect(() => menuCode.fetchInto(Menu, (code) => setMenu(() => code)), [Menu]);
 *
 * Tests load it all before rendering (preloadEveryCodeAfterFirstPaint), so the real thing is
 * there at once.
 */
const everyPreload: Array<() => Promise<unknown>> = [];

/** Fetches the code of every codeAfterFirstPaint of the modules loaded so far (testing/setup-tests.ts). */
export function preloadEveryCodeAfterFirstPaint(): Promise<unknown> {
  return Promise.all(everyPreload.map((preload) => preload()));
}

export function codeAfterFirstPaint<Code>(load: () => Promise<Code>) {
  let loaded: Code | undefined;
  let loading: Promise<Code> | undefined;

  function preload(): Promise<Code> {
    loading ??= load().then((code) => (loaded = code));
    return loading;
  }
  everyPreload.push(preload);

  return {
    /** The code when it is here already: the initial state of a component that shows it. */
    current: (): Code | undefined => loaded,
    /** An effect: unless `shown` is the code already, fetches it and hands it to `show`; answers the cleanup. */
    fetchInto(shown: Code | undefined, show: (code: Code) => void): (() => void) | undefined {
      if (shown) return undefined;
      let active = true;
      void preload().then((code) => {
        if (active) show(code);
      });
      return () => {
        active = false;
      };
    },
  };
}

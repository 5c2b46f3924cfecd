import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** What else asks an element for a new measure, besides its own size changing. */
export interface MeasureWhen {
  /** Each of its children resizing: what it holds grows or shrinks inside a box of fixed size. */
  children?: boolean;
  /** It scrolling: the edges of a row that scrolls sideways. */
  scroll?: boolean;
  /** A value whose change no resize shows (the number of tabs in a row): measured again then. */
  changes?: unknown;
}

/** Equal for a measure: the same value, or plain objects whose values are the same key by key. */
function same(one: unknown, other: unknown): boolean {
  if (Object.is(one, other)) return true;
  if (typeof one !== 'object' || typeof other !== 'object' || one === null || other === null)
    return false;
  const keys = Object.keys(one);
  return (
    keys.length === Object.keys(other).length &&
    keys.every((key) =>
      Object.is((one as Record<string, unknown>)[key], (other as Record<string, unknown>)[key]),
    )
  );
}

/**
 * What `measure` reads off an element (its width, whether it overflows), read as the element
 * mounts and again each time a ResizeObserver sees it resize (and `when` asks); `initial` until
 * then. Put the returned ref on the element; `measure` should be stable (a module's function).
 * A measure equal to the last keeps the last, so the component does not render again for it.
 * Without ResizeObserver (jsdom, unless a test gives one) it is read once, as it mounts.
 */
export function useMeasure<T>(
  measure: (element: HTMLElement) => T,
  initial: T,
  { children = false, scroll = false, changes }: MeasureWhen = {},
) {
  const [value, setValue] = useState(initial);
  const again = useRef<(() => void) | null>(null);
  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const update = () => {
        const next = measure(element);
        setValue((was) => (same(was, next) ? was : next));
      };
      update();
      again.current = update;
      const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
      observer?.observe(element);
      if (children) for (const child of element.children) observer?.observe(child);
      if (scroll) element.addEventListener('scroll', update, { passive: true });
      return () => {
        again.current = null;
        observer?.disconnect();
        if (scroll) element.removeEventListener('scroll', update);
      };
    },
    [measure, children, scroll],
  );
  useLayoutEffect(() => again.current?.(), [changes]);
  return [value, ref] as const;
}

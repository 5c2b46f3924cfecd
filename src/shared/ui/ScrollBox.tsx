import { useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react';

/**
 * The box a wide or long table scrolls in. Only while it does scroll is it a stop of the Tab key
 * (to scroll it by keyboard) and a region, named as the scrolling box of what it holds ('Checks
 * table (scrolls)'): one that fits adds neither a Tab nor a landmark of its section's name.
 */
export function ScrollBox({
  label,
  always = false,
  className,
  ref,
  children,
}: {
  /** What the box holds: its table's caption. */
  label: string;
  /** A box of fixed height that a virtualised list scrolls in: a region from the start. */
  always?: boolean;
  className?: string | undefined;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement | null>(null);
  const scrolls = useScrolls(box) || always;
  // One ref for the box and the caller's (a virtualiser's scroll element), stable across renders.
  const setBox = useCallback(
    (element: HTMLDivElement | null) => {
      box.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  return (
    <div
      ref={setBox}
      className={className}
      {...(scrolls && { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls)` })}
    >
      {children}
    </div>
  );
}

/** Whether the box is smaller than what it holds, kept up to date as either resizes. */
function useScrolls(box: { current: HTMLElement | null }): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () =>
      setScrolls(
        element.scrollWidth > element.clientWidth + 1 ||
          element.scrollHeight > element.clientHeight + 1,
      );
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}

import { useCallback, type ReactNode, type Ref } from 'react';
import { useMeasure } from '../lib/useMeasure';

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
  const [overflowing, observe] = useMeasure(overflows, false, { children: true });
  const scrolls = overflowing || always;
  // One ref for the box's measure and the caller's (a virtualiser's scroll element), stable
  // across renders.
  const setBox = useCallback(
    (element: HTMLDivElement | null) => {
      const stop = observe(element);
      const undo = typeof ref === 'function' ? ref(element) : undefined;
      if (ref && typeof ref === 'object') ref.current = element;
      return () => {
        stop?.();
        if (typeof undo === 'function') undo();
        else if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      };
    },
    [ref, observe],
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

/** Whether the box is smaller than what it holds. */
const overflows = (box: HTMLElement) =>
  box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;

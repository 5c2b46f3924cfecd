import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NARROW_QUERY, useMediaQuery } from '../lib/useMediaQuery';
import { Badge } from './Badge';
import { Button } from './Button';
import { Dialog } from './Dialog';
import type { ParamChanges } from '../lib/searchParams';
import { FilterBar, type SelectFilterSpec } from './FilterField';
import styles from './FilterPanel.module.css';

/** A filter in force as a chip shows it: the URL param it clears and its words. */
export interface ActiveFilter {
  param: string;
  /** 'Status: Expert review'. */
  label: string;
}

/**
 * A list's filters on every width (the phone layout of issue 33), drawn as its FilterBar: from
 * 600 px the bar stays inline; below, it waits behind a "Filters" button (a dialog) and the
 * filters in force show as chips, each removable, with "Clear all" (the bar's reset), so the list
 * starts at the top of the screen. The page gives its fields once, as children.
 */
export function FilterPanel({
  label,
  className,
  resetLabel,
  canReset,
  onReset,
  active,
  onChange,
  onRemove = (param) => onChange({ [param]: undefined }),
  children,
}: {
  /** The bar's name ('Filter checks'). */
  label: string;
  /** The page's layout of the fields. */
  className?: string;
  resetLabel: string;
  canReset: boolean;
  /** Clears every filter: the bar's reset, and "Clear all" below 600 px. */
  onReset: () => void;
  /** The filters the URL holds, in the bar's order. */
  active: readonly ActiveFilter[];
  /** Writes the URL's params, as the page's fields do: a chip's removal clears its param. */
  onChange: (changes: ParamChanges) => void;
  /** Instead of clearing the chip's one param (a line goes with its segment). */
  onRemove?: (param: string) => void;
  /** The bar's fields. */
  children: ReactNode;
}) {
  const bar = (
    <FilterBar
      label={label}
      className={className}
      resetLabel={resetLabel}
      canReset={canReset}
      onReset={onReset}
    >
      {children}
    </FilterBar>
  );
  const narrow = useMediaQuery(NARROW_QUERY);
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  /** The place of a chip just removed, until the chips show its removal. */
  const removedAt = useRef<{ index: number; param: string } | null>(null);
  const opener = () =>
    panel.current?.querySelector<HTMLButtonElement>('[aria-haspopup="dialog"]') ?? null;
  // After a chip goes, the focus stays in the row: on the next chip, else on the button.
  useEffect(() => {
    const removed = removedAt.current;
    if (!removed || active.some((filter) => filter.param === removed.param)) return;
    removedAt.current = null;
    const buttons = panel.current?.querySelectorAll<HTMLButtonElement>(`.${styles.chip} button`);
    const next = buttons?.[Math.min(removed.index, buttons.length - 1)];
    (next ?? opener())?.focus();
  }, [active]);
  if (!narrow) return bar;
  const count = active.length;
  const remove = (param: string, index: number) => {
    removedAt.current = { index, param };
    onRemove(param);
  };
  return (
    <div className={styles.panel} ref={panel}>
      <div className={styles.bar}>
        <Button
          type="button"
          icon={SlidersHorizontal}
          aria-haspopup="dialog"
          aria-label={count > 0 ? `Filters, ${count} in force` : undefined}
          onClick={() => setOpen(true)}
        >
          Filters
          {count > 0 && (
            <Badge tone="info" strong className={styles.count}>
              {count}
            </Badge>
          )}
        </Button>
        {count > 0 && (
          <Button
            type="button"
            variant="quiet-link"
            size="sm"
            onClick={() => {
              onReset();
              opener()?.focus();
            }}
          >
            Clear all
          </Button>
        )}
      </div>
      {count > 0 && (
        <ul className={styles.chips} aria-label="Filters in force">
          {active.map((filter, index) => (
            <li key={filter.param} className={styles.chip}>
              <span>{filter.label}</span>
              <button
                type="button"
                aria-label={`Remove filter ${filter.label}`}
                onClick={() => remove(filter.param, index)}
              >
                <X size={14} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Filters"
        focusFirstField
        actions={
          <Button type="button" variant="primary" onClick={() => setOpen(false)}>
            Show results
          </Button>
        }
      >
        {bar}
      </Dialog>
    </div>
  );
}

/** The chips of a page's selects: 'Status: Expert review' for each select the URL sets. */
export function selectFiltersInForce<Param extends string>(
  filters: readonly SelectFilterSpec<Param>[],
  values: Partial<Record<Param, string | number>>,
): ActiveFilter[] {
  return filters.flatMap(({ param, label, labels, unknownLabel }) => {
    const value = values[param];
    if (value === undefined || value === '') return [];
    const text = String(value);
    return [{ param, label: `${label}: ${labels[text] ?? unknownLabel?.(text) ?? text}` }];
  });
}

/** A text filter's chip ('Search: apollo') when the URL holds it. */
export function textFilterInForce(
  param: string,
  label: string,
  value: string | number | undefined,
): ActiveFilter[] {
  return value === undefined || value === '' ? [] : [{ param, label: `${label}: ${value}` }];
}

import * as RadixTooltip from '@radix-ui/react-tooltip';
import { useState, type ReactElement, type ReactNode } from 'react';
import styles from './Tooltip.module.css';

/** Mounted once around the signed-in app, so tooltips share one delay (moving along is instant). */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={400} skipDelayDuration={300}>
      {children}
    </RadixTooltip.Provider>
  );
}

/**
 * A short hint on Radix Tooltip, shown on hover and on keyboard focus, hidden by Escape. It only
 * repeats what the element already says to assistive technology (an icon button's `aria-label`, a
 * truncated text's full words): never put what only the tooltip says in it.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
  open,
  onOpenChange,
}: {
  content: ReactNode;
  /** One element that takes a ref and the focus: a button, a link, a focusable span. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <RadixTooltip.Root
      {...(open === undefined ? {} : { open })}
      {...(onOpenChange ? { onOpenChange } : {})}
    >
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          className={styles.content}
          side={side}
          sideOffset={6}
          collisionPadding={8}
        >
          {content}
          <RadixTooltip.Arrow className={styles.arrow} />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}

/**
 * A button that shows only an icon: `label` is its accessible name and its tooltip, so sighted
 * mouse and keyboard users read the same words as screen-reader users.
 */
export function IconButton({
  label,
  icon,
  onClick,
  disabled = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {icon}
      </button>
    </Tooltip>
  );
}

/**
 * Text cut to one line with an ellipsis; hovering it shows the whole text, only when it is cut.
 * The full text stays in the page, so assistive technology reads it whole. The tooltip is mounted
 * only once a pointer found the text cut: a long table of such cells (the risk register) renders
 * plain spans, not a Radix tooltip per cell.
 */
export function TruncatedText({ text, className }: { text: string; className?: string }) {
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  const span = (
    <span
      className={className ? `${styles.truncated} ${className}` : styles.truncated}
      onPointerEnter={(event) => {
        const isCut = event.currentTarget.scrollWidth > event.currentTarget.clientWidth;
        // The first time, the tooltip's trigger mounts under the pointer: it opens now, and Radix
        // closes it when the pointer leaves and opens it (after its delay) from then on.
        if (isCut && !cut) setOpen(true);
        setCut(isCut);
      }}
    >
      {text}
    </span>
  );
  if (!cut) return span;
  return (
    <Tooltip content={text} open={open} onOpenChange={setOpen}>
      {span}
    </Tooltip>
  );
}

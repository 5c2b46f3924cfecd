import * as RadixPopover from '@radix-ui/react-popover';
import { useCallback, useState, type ReactElement, type ReactNode } from 'react';
import styles from './Popover.module.css';

/**
 * A popover on Radix: `trigger` (a button element) toggles it; the content is a labelled,
 * non-modal dialog next to it. Escape and a click outside close it and focus returns to the
 * trigger. Inside a native `<dialog>` the content is portalled into that dialog (the top layer),
 * elsewhere into the body.
 */
export function Popover({
  trigger,
  label,
  open,
  onOpenChange,
  align = 'start',
  className,
  children,
}: {
  trigger: ReactElement;
  /** The content's accessible name: 'Choose a date'. */
  label: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
  className?: string;
  children: ReactNode;
}) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const findContainer = useCallback((element: HTMLElement | null) => {
    if (element) setContainer(element.closest('dialog'));
  }, []);
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild ref={findContainer}>
        {trigger}
      </RadixPopover.Trigger>
      <RadixPopover.Portal container={container ?? undefined}>
        <RadixPopover.Content
          className={className ? `${styles.content} ${className}` : styles.content}
          aria-label={label}
          align={align}
          sideOffset={6}
          collisionPadding={8}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

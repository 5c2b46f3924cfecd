import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/documentTitle';
import { Button } from './Button';
import styles from './EmptyState.module.css';

/**
 * What a list or a page shows when it has nothing to show, or when it could not load (`alert`,
 * with a retry among the `actions`): says why and offers the next step.
 */
export function EmptyState({
  title,
  titleLevel = 2,
  icon: Icon,
  alert = false,
  actions,
  as: Tag = 'div',
  className,
  children,
}: {
  /** A heading ('No checks yet'); leave it out for a one-line state. */
  title?: ReactNode;
  titleLevel?: 1 | 2 | 3;
  icon?: LucideIcon;
  /** A load failure: `role="alert"`, announced at once. */
  alert?: boolean;
  actions?: ReactNode;
  as?: 'div' | 'section' | 'p';
  className?: string;
  /** The text: why it is empty, what to do. */
  children?: ReactNode;
}) {
  // In place of a page ('The checklist could not be loaded'), it names the page too.
  usePageTitle(titleLevel === 1 && typeof title === 'string' ? title : undefined);
  const Heading = titleLevel === 1 ? 'h1' : titleLevel === 3 ? 'h3' : 'h2';
  const classes = [styles.empty, alert ? styles.alert : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  if (Tag === 'p') {
    return (
      <p className={classes} role={alert ? 'alert' : undefined}>
        {children}
      </p>
    );
  }
  return (
    <Tag className={classes} role={alert ? 'alert' : undefined}>
      {Icon && <Icon size={32} aria-hidden="true" className={styles.icon} />}
      {title !== undefined && <Heading className={styles.title}>{title}</Heading>}
      {children}
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </Tag>
  );
}

/** A filtered list that kept nothing: says so, suggests what to try and offers to reset the filters. */
export function NoMatch({
  title,
  titleLevel,
  onReset,
  children,
}: {
  title: ReactNode;
  titleLevel?: 1 | 2 | 3;
  onReset: () => void;
  children?: ReactNode;
}) {
  return (
    <EmptyState
      title={title}
      titleLevel={titleLevel}
      actions={
        <Button type="button" onClick={onReset}>
          Reset filters
        </Button>
      }
    >
      {children}
    </EmptyState>
  );
}

/**
 * A call that failed to load what the screen shows: an alert with its title, the usual advice and
 * a Try again button that calls again.
 */
export function LoadFailed({
  title,
  titleLevel,
  onRetry,
}: {
  /** 'The tools register could not be loaded'. */
  title: ReactNode;
  titleLevel?: 1 | 2 | 3;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      alert
      title={title}
      titleLevel={titleLevel}
      actions={
        <Button type="button" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      <p>Check your connection, then try again.</p>
    </EmptyState>
  );
}

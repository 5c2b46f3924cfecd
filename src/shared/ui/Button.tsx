import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet-link';
export type ButtonSize = 'sm' | 'md';

interface ButtonLook {
  /** 'primary' once per view; 'danger' only for what cannot be undone; 'quiet-link' looks like a link. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A lucide icon before the label, hidden from assistive technology. */
  icon?: LucideIcon;
  className?: string;
  children?: ReactNode;
}

type ButtonAsButton = ButtonLook &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    to?: undefined;
    /** Disables the button and marks it busy; with `busyLabel` the label says what is happening. */
    busy?: boolean;
    busyLabel?: ReactNode;
  };

type ButtonAsLink = ButtonLook &
  Omit<LinkProps, 'className' | 'children'> & { to: LinkProps['to'] };

export type ButtonProps = ButtonAsButton | ButtonAsLink;

/** The class names of a button's look, for the rare element that cannot be a `Button`. */
export function buttonClassName({
  variant = 'secondary',
  size = 'md',
  className,
}: Pick<ButtonLook, 'variant' | 'size' | 'className'> = {}): string {
  return [styles.button, styles[variant], size === 'sm' ? styles.sm : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

/**
 * The one button of the app: a `<button>` (type "button" unless told), or with `to` a router link
 * that looks like one.
 */
export function Button(props: ButtonProps) {
  if (props.to !== undefined) {
    const { variant, size, icon: Icon, className, children, ...link } = props;
    return (
      <Link {...link} className={buttonClassName({ variant, size, className })}>
        {Icon && <Icon size={16} aria-hidden="true" className={styles.icon} />}
        {children}
      </Link>
    );
  }
  const {
    variant,
    size,
    icon: Icon,
    className,
    children,
    busy = false,
    busyLabel,
    disabled,
    type = 'button',
    ...button
  } = props;
  return (
    <button
      {...button}
      type={type}
      className={buttonClassName({ variant, size, className })}
      disabled={disabled === true || busy}
      aria-busy={busy || undefined}
    >
      {Icon && <Icon size={16} aria-hidden="true" className={styles.icon} />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

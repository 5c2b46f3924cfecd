import type { LucideIcon } from 'lucide-react';
import { useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
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
    /**
     * While a call runs: the button does nothing and says so (`aria-disabled`, `aria-busy`; with
     * `busyLabel` the label says what is happening) but keeps the focus, which a disabled button
     * would drop to <body>.
     */
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
  return <ActionButton {...props} />;
}

/**
 * A `<button>` that never drops the focus: a disabled button loses it to <body>, so one that
 * is busy, or turns disabled while it has the focus (Save, once the form is saved and clean),
 * is `aria-disabled` instead, and its click is held back, until the focus moves on.
 */
function ActionButton({
  variant,
  size,
  icon: Icon,
  className,
  children,
  busy = false,
  busyLabel,
  disabled,
  type = 'button',
  onClick,
  onFocus,
  onBlur,
  ...button
}: ButtonAsButton) {
  const [focused, setFocused] = useState(false);
  const inactive = disabled === true || busy;
  const holdsFocus = inactive && (busy || focused);
  return (
    <button
      {...button}
      type={type}
      className={buttonClassName({ variant, size, className })}
      disabled={inactive && !holdsFocus}
      aria-disabled={holdsFocus || undefined}
      aria-busy={busy || undefined}
      // Nothing is sent twice: the click of a busy submit button (Enter in a field too) is held back.
      onClick={inactive ? (event) => event.preventDefault() : onClick}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
    >
      {Icon && <Icon size={16} aria-hidden="true" className={styles.icon} />}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

import styles from './Logo.module.css';

/**
 * The product's mark: a check rising out of a rounded square, coloured by the tokens (brand
 * primary, the on-strong ink and the brand accent). Decorative: the name beside it, or the link
 * around it, carries the accessible name.
 */
export function LogoMark({ size = 28, className }: { size?: number; className?: string }) {
  return (
    <svg
      className={[styles.mark, className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect className={styles.tile} x="1" y="1" width="30" height="30" rx="8" />
      <path className={styles.rise} d="M7 24h18" />
      <path className={styles.check} d="M8.5 15.5l5 5L24 9.5" />
      <circle className={styles.spark} cx="24" cy="9.5" r="2.6" />
    </svg>
  );
}

/** The mark with the product name beside it (spec §2 header, the login card). */
export function Logo({
  name,
  size = 28,
  compact = false,
  className,
}: {
  name: string;
  size?: number;
  /** On a phone, only the mark shows (the name stays for screen readers). */
  compact?: boolean;
  className?: string;
}) {
  return (
    <span className={[styles.logo, compact && styles.compact, className].filter(Boolean).join(' ')}>
      <LogoMark size={size} />
      <span className={styles.name}>{name}</span>
    </span>
  );
}

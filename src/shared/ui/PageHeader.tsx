import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/documentTitle';
import { Breadcrumb, type Crumb } from './Breadcrumb';
import styles from './PageHeader.module.css';

/**
 * A page's title row: the way to it (`breadcrumb`), the title as the page's h1, an optional line
 * under it (a subtitle, a count, a status) and the page's actions on the right. On a phone the
 * actions wrap under the title. The h1 names the page in the browser tab too.
 */
export function PageHeader({
  title,
  documentTitle,
  titleId,
  breadcrumb,
  level = 1,
  subtitle,
  actions,
  children,
  className,
}: {
  title: ReactNode;
  /**
   * The page's title in the browser tab, in the h1's words ('Team · Handmade Ball panel'); by
   * default the h1 itself when it is text.
   */
  documentTitle?: string;
  titleId?: string;
  /** The pages above this one, from the top ('Checks' above 'Check 12'). */
  breadcrumb?: readonly Crumb[];
  /** The page's h1; only a sample inside another page (the UI kit) takes a lower level. */
  level?: 1 | 2 | 3;
  /** The line under the title. */
  subtitle?: ReactNode;
  /** Buttons and links on the right. */
  actions?: ReactNode;
  /** Anything else under the title row (a filter bar, a notice). */
  children?: ReactNode;
  className?: string;
}) {
  usePageTitle(
    level === 1 ? (documentTitle ?? (typeof title === 'string' ? title : undefined)) : undefined,
  );
  const Heading = level === 1 ? 'h1' : level === 2 ? 'h2' : 'h3';
  return (
    <header className={className ? `${styles.header} ${className}` : styles.header}>
      {breadcrumb && <Breadcrumb trail={breadcrumb} />}
      <div className={styles.row}>
        <div className={styles.heading}>
          <Heading id={titleId} className={styles.title}>
            {title}
          </Heading>
          {subtitle !== undefined && <div className={styles.subtitle}>{subtitle}</div>}
        </div>
        {actions !== undefined && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </header>
  );
}

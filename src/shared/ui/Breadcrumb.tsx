import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import styles from './Breadcrumb.module.css';

/** A step of the way to the page: the pages above it, from the top; the page itself is the title. */
export interface Crumb {
  label: string;
  to: string;
}

/**
 * The way back up from a page, above its title: 'Checks', 'Risks and issues › Apollo'. A › stands
 * only between two steps, never after the last one (the title below is the page itself).
 */
export function Breadcrumb({ trail }: { trail: readonly Crumb[] }) {
  if (trail.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.to}>
            {index > 0 && (
              <ChevronRight aria-hidden="true" size={14} className={styles.separator} />
            )}
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

import { useSyncExternalStore } from 'react';
import styles from './Snow.module.css';

/** Spec §2 and §9: snow on the logo in December, January and February. */
export function isSnowSeason(date: Date): boolean {
  return [11, 0, 1].includes(date.getMonth());
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

const FLAKES = 12;

/** Falling snow over the logo; none under prefers-reduced-motion. */
export function Snow({ now = new Date() }: { now?: Date }) {
  const reduced = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => true);
  if (!isSnowSeason(now) || reduced) return null;
  return (
    <span className={styles.snow} aria-hidden="true" data-testid="snow">
      {Array.from({ length: FLAKES }, (_, index) => (
        <span
          key={index}
          className={styles.flake}
          style={{ '--flake': index } as React.CSSProperties}
        />
      ))}
    </span>
  );
}

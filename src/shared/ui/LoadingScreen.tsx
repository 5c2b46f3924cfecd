import styles from './LoadingScreen.module.css';

/** Shown while authentication or permissions load. */
export function LoadingScreen({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <Spinner />
      <span>{label}</span>
    </div>
  );
}

/** The turning ring beside words that say what loads (it says nothing itself). */
export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

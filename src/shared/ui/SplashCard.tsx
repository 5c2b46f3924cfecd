import type { ReactNode } from 'react';
import { LogoMark } from './Logo';
import styles from './SplashCard.module.css';

/**
 * A page of its own outside the app layout, as one centred card: sign-in, the browser notice, a
 * profile that could not load. `titleId` names the card after its heading.
 */
export function SplashCard({
  titleId,
  mark = false,
  children,
}: {
  titleId: string;
  /** Shows the product mark above the heading. */
  mark?: boolean;
  children: ReactNode;
}) {
  return (
    <main className={styles.page} id="main">
      <section className={styles.card} aria-labelledby={titleId}>
        {mark && <LogoMark size={56} className={styles.mark} />}
        {children}
      </section>
    </main>
  );
}

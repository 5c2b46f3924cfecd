import type { ReactNode } from 'react';
import styles from './UiKit.module.css';

/** One primitive on the UI kit page: a heading, a line on when to use it, its states. */
export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={`uikit-${id}`}>
      <h2 id={`uikit-${id}`} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className={styles.intro}>{intro}</p>
      {children}
    </section>
  );
}

/** A labelled state of a primitive: 'Disabled', 'Busy'. */
export function Sample({ label, children }: { label: string; children: ReactNode }) {
  return (
    <figure className={styles.sample}>
      <div className={styles.sampleBody}>{children}</div>
      <figcaption className={styles.caption}>{label}</figcaption>
    </figure>
  );
}

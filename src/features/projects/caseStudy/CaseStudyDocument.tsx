import {
  PUBLISH_PERMISSION_LABELS,
  type CaseStudy,
  type CaseStudyFields,
} from '../../../api/contract/caseStudy';
import { formatDate } from '../../../api/contract/display';
import styles from './caseStudy.module.css';

/** The story's sections, in the order they are read. */
export const SECTIONS: readonly [keyof CaseStudyFields, string][] = [
  ['challenge', 'Challenge'],
  ['approach', 'Approach'],
  ['results', 'Results'],
  ['lessons', 'Lessons learned'],
];

/** 'Yes, given by Dana Whitfield on 10/14/2026' — the client's answer in one line. */
export function permissionLine(study: CaseStudyFields): string {
  const answer = PUBLISH_PERMISSION_LABELS[study.publish_permission];
  if (study.publish_permission === 'pending') return `${answer}: the client has not answered yet`;
  const on = study.permission_given_on ? ` on ${formatDate(study.permission_given_on)}` : '';
  return `${answer}, answered by ${study.permission_given_by}${on}`;
}

/**
 * The case study as a document: the title, the four sections, the client's quote and the
 * permission to publish. The tab's read-only view and the printable page both show it; `level`
 * is the title's heading level (the sections take the next one).
 */
export function CaseStudyDocument({ study, level }: { study: CaseStudy; level: 1 | 3 }) {
  const Title = level === 1 ? 'h1' : 'h3';
  const Section = level === 1 ? 'h2' : 'h4';
  return (
    <article className={styles.document} aria-labelledby="case-study-title">
      <Title id="case-study-title" className={styles.documentTitle}>
        {study.title}
      </Title>
      {SECTIONS.map(([field, label]) => (
        <section key={field} className={styles.section}>
          <Section>{label}</Section>
          {study[field] ? (
            <p className={styles.text}>{study[field]}</p>
          ) : (
            <p className="muted">Not written yet.</p>
          )}
        </section>
      ))}
      {study.client_quote && (
        <figure className={styles.quote}>
          <blockquote>
            <p className={styles.text}>“{study.client_quote}”</p>
          </blockquote>
          <figcaption>— {study.client_quote_by}</figcaption>
        </figure>
      )}
      <p className={styles.permission}>
        <strong>Permission to publish:</strong> {permissionLine(study)}.
      </p>
    </article>
  );
}

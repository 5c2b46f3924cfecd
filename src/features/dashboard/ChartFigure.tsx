import { lazy, Suspense, type ReactNode } from 'react';
import styles from './dashboard.module.css';

/** Recharts comes with the dashboard's routes only, in the charts' own chunk. */
export const LevelDistributionChart = lazy(() =>
  import('./Charts').then((charts) => ({ default: charts.LevelDistributionChart })),
);
export const LevelTrendChart = lazy(() =>
  import('./Charts').then((charts) => ({ default: charts.LevelTrendChart })),
);
export const ScoreHistoryChart = lazy(() =>
  import('./Charts').then((charts) => ({ default: charts.ScoreHistoryChart })),
);
export const ScoreChart = lazy(() =>
  import('./Charts').then((charts) => ({ default: charts.ScoreChart })),
);

/**
 * A chart in its card: a heading, one sentence that says what the chart shows (read by everyone,
 * screen readers included; the chart itself is hidden from them), the chart, and its figures as a
 * table behind a summary.
 */
export function ChartFigure({
  id,
  title,
  summary,
  table,
  headingLevel = 2,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  /** The same figures as a table. */
  table: ReactNode;
  headingLevel?: 2 | 3;
  /** The chart (lazy). */
  children: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.chartCard} aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{title}</Heading>
      <p className={styles.chartSummary}>{summary}</p>
      <div className={styles.chart} aria-hidden="true">
        <Suspense fallback={null}>{children}</Suspense>
      </div>
      <details className={styles.chartDetails}>
        <summary>Show the figures as a table</summary>
        {table}
      </details>
    </section>
  );
}

import { ExternalLink } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { REPORTS, REPORT_KINDS } from '../../api/contract/reports';
import { POWER_BI_REPORT_URL } from '../../shared/config/links';
import { oneOf } from '../../shared/lib/searchParams';
import { EmptyState } from '../../shared/ui/EmptyState';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ReportView } from './ReportView';
import styles from './reports.module.css';

/**
 * `/reports`: the catalogue of reports and, once one is chosen (`?report=overdue-actions`), its
 * filters, preview and Excel export, all kept in the URL; beside them the power-BI report.
 */
export default function ReportsPage() {
  const [params] = useSearchParams();
  const kind = oneOf(REPORT_KINDS, params.get('report'));
  return (
    <div className={styles.page}>
      <PageHeader
        title="Reports"
        documentTitle={kind ? `${REPORTS[kind].title} · Reports` : 'Reports'}
        subtitle="Choose a report, filter it, look at the preview and export it to Excel."
        actions={
          <a
            className={styles.powerBi}
            href={POWER_BI_REPORT_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ExternalLink size={16} aria-hidden="true" />
            Power BI report
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        }
      />
      <nav aria-label="Report catalogue">
        <ul className={kind ? `${styles.catalogue} ${styles.chosen}` : styles.catalogue}>
          {REPORT_KINDS.map((each) => (
            <li key={each}>
              <Link
                to={{ search: `?report=${each}` }}
                className={styles.card}
                aria-current={each === kind ? 'page' : undefined}
              >
                <span className={styles.cardTitle}>{REPORTS[each].title}</span>
                <span className={styles.cardText}>{REPORTS[each].description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {kind ? (
        <ReportView key={kind} report={REPORTS[kind]} />
      ) : (
        <EmptyState title="Choose a report">
          <p>
            Pick one of the reports above to see its filters, a preview of its rows and the export.
          </p>
        </EmptyState>
      )}
    </div>
  );
}

import { ArrowLeft, Printer } from 'lucide-react';
import { useParams } from 'react-router';
import type { ApiError } from '../../../api/baseQuery';
import { CASE_STUDY_STATE_LABELS } from '../../../api/contract/caseStudy';
import { formatDate } from '../../../api/contract/display';
import { usePageTitle } from '../../../shared/lib/documentTitle';
import { Button } from '../../../shared/ui/Button';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadingScreen } from '../../../shared/ui/LoadingScreen';
import { useGetProjectQuery } from '../api';
import { cardPath } from '../card/cardTab';
import { useGetCaseStudyQuery } from './api';
import { CaseStudyDocument } from './CaseStudyDocument';
import styles from './caseStudy.module.css';

/**
 * `/projects/{id}/case-study/print`: the case study as a clean one-column document, without the
 * app's header and sidebar: the project's name, account and dates above it, a Print button
 * (window.print()) that print CSS hides along with the way back. Its main is the route's layout.
 */
export default function CaseStudyPrintPage() {
  const projectId = Number(useParams().projectId);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const project = useGetProjectQuery(projectId, { skip: !valid });
  const study = useGetCaseStudyQuery(projectId, { skip: !valid });
  usePageTitle(study.data ? `${study.data.title} · Case study` : undefined);
  const back = cardPath(projectId, 'case-study');

  const status = ((project.error ?? study.error) as ApiError | undefined)?.status;
  // No case study (a 204), none to see (403) or no such project (404): nothing to print.
  const missing = !valid || status === 403 || status === 404 || study.data === null;
  let content;
  if (project.isLoading || study.isLoading)
    content = <LoadingScreen label="Loading the case study…" />;
  else if (missing || !project.data || !study.data)
    content = (
      <EmptyState
        titleLevel={1}
        alert={!missing}
        title={missing ? 'No case study to print' : 'The case study could not be loaded'}
        actions={<Button to={back}>Back to the project</Button>}
      >
        <p>
          {status === 403
            ? 'You may not view the case study of this project.'
            : missing
              ? 'This project has no case study yet.'
              : 'Check your connection, then reload the page.'}
        </p>
      </EmptyState>
    );
  else {
    const { data: p } = project;
    const { data: s } = study;
    content = (
      <>
        <header className={styles.header}>
          <p className={styles.eyebrow}>Case study · {CASE_STUDY_STATE_LABELS[s.state]}</p>
          <dl className={styles.facts}>
            <div>
              <dt>Project</dt>
              <dd>
                {p.name} ({p.code})
              </dd>
            </div>
            <div>
              <dt>Account</dt>
              <dd>{p.account.name}</dd>
            </div>
            <div>
              <dt>Dates</dt>
              <dd>
                {formatDate(p.start_date)} – {p.end_date ? formatDate(p.end_date) : 'ongoing'}
              </dd>
            </div>
            {s.published_at && s.state === 'published' && (
              <div>
                <dt>Published</dt>
                <dd>{formatDate(s.published_at)}</dd>
              </div>
            )}
          </dl>
        </header>
        <CaseStudyDocument study={s} level={1} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Button to={back} icon={ArrowLeft} variant="quiet-link">
          Back to the project
        </Button>
        {study.data && project.data && (
          <Button variant="primary" icon={Printer} onClick={() => window.print()}>
            Print
          </Button>
        )}
      </div>
      {content}
    </div>
  );
}

import { Link } from 'react-router';
import { OUTCOME_SEVERITIES, SUMMARY_KEYS } from '../../api/contract/polls';
import { OUTCOME_SEVERITY_LABELS } from '../../api/contract/pollLabels';
import { RichText } from '../../shared/ui/RichText';
import { useGetOutcomesQuery, useGetResultsQuery } from './api';
import { CorrectiveAction } from './CorrectiveAction';
import { can, useSurvey } from './context';
import { answerLabels, applicableDrivers, distribution } from './resultsSummary';
import surveyStyles from './survey.module.css';
import { AnswersTable } from './AnswersTable';

const SUMMARY_LABELS = { risk_status: 'Risk status', summary: 'Summary' } as const;

/**
 * What the supervisor decides on: the auditor's summary, the findings by severity and the answers
 * by driver, with the full answers one link away.
 */
export function ReportContent() {
  const { poll, base } = useSurvey();
  const outcomes = useGetOutcomesQuery(poll.id);
  const seesResults = can(poll, 'CAN_VIEW_POLL_RESULTS_PAGE');
  const results = useGetResultsQuery(poll.id, { skip: !seesResults });
  const drivers = results.data ? applicableDrivers(results.data) : [];
  const labels = answerLabels(drivers);
  const rows = distribution(drivers);
  // The auditor writes the report's summary as the check's experts' summary.
  const written = poll.experts_summary;

  return (
    <section aria-labelledby="report-content-title" className={surveyStyles.reportContent}>
      <h2 id="report-content-title">The report</h2>

      <h3>The auditor&apos;s summary</h3>
      <dl className={`facts ${surveyStyles.factsStacked}`}>
        {SUMMARY_KEYS.map((key) => (
          <div key={key}>
            <dt>{SUMMARY_LABELS[key]}</dt>
            <dd>
              {written[key] ? (
                <RichText text={written[key]} />
              ) : (
                <span className="muted">Not written.</span>
              )}
            </dd>
          </div>
        ))}
      </dl>

      <h3>Findings by severity</h3>
      {outcomes.isLoading ? (
        <p className="muted">Loading the findings…</p>
      ) : outcomes.isError ? (
        <p role="alert">The findings could not be loaded.</p>
      ) : (outcomes.data ?? []).length === 0 ? (
        <p className="muted">The auditor recorded no finding.</p>
      ) : (
        OUTCOME_SEVERITIES.map((severity) => {
          const found = (outcomes.data ?? []).filter((outcome) => outcome.severity === severity);
          if (found.length === 0) return null;
          return (
            <div key={severity}>
              <h4>
                {OUTCOME_SEVERITY_LABELS[severity]}s · {found.length}
              </h4>
              <ul className={surveyStyles.findings}>
                {found.map((outcome) => (
                  <li key={outcome.id} className={surveyStyles.outcome} data-severity={severity}>
                    <strong>{outcome.title}</strong>
                    {outcome.description && <RichText text={outcome.description} />}
                    <CorrectiveAction outcome={outcome} />
                  </li>
                ))}
              </ul>
            </div>
          );
        })
      )}

      {seesResults && (
        <>
          <h3 id="report-answers">Answers by driver</h3>
          {results.isLoading ? (
            <p className="muted">Loading the answers…</p>
          ) : drivers.length === 0 ? (
            <p className="muted">No answer to show.</p>
          ) : (
            <AnswersTable rows={rows} labels={labels} label="Answers by driver" />
          )}
          <p>
            <Link to={`${base}/results`}>Every answer with its comment</Link>
          </p>
        </>
      )}
    </section>
  );
}

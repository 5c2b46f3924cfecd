import { personLabel } from '../../api/contract/display';
import { usePageTitle } from '../../shared/lib/documentTitle';
import { can, flowSteps, useSurvey } from './context';
import { Button } from '../../shared/ui/Button';
import surveyStyles from './survey.module.css';

/** `/audit-survey/{id}/welcome`: what the audit covers and where to begin. */
export default function AuditWelcome() {
  const context = useSurvey();
  const { poll, drivers, base } = context;
  usePageTitle(`Audit of ${poll.project.name}`);
  const first = flowSteps(context)[0];
  const auditors = poll.poll_stats.participants.filter((person) => person.role === 'auditor');
  return (
    <section aria-labelledby="audit-welcome-title">
      <h1 id="audit-welcome-title">Audit of {poll.project.name}</h1>
      <p>
        This audit walks through {drivers.length} {drivers.length === 1 ? 'driver' : 'drivers'} of
        the project&apos;s delivery. Answer each question with the evidence you saw, record the
        findings under Outcomes, then send the report for supervisor review.
      </p>
      {auditors.length > 0 && (
        <p>Auditors: {auditors.map((person) => personLabel(person)).join(', ')}</p>
      )}
      <p className={surveyStyles.actionsRow}>
        {first && (
          <Button variant="primary" to={first.path}>
            Begin with {first.title}
          </Button>
        )}
        {can(poll, 'CAN_VIEW_POLL_OUTCOMES') && <Button to={`${base}/outcomes`}>Outcomes</Button>}
        <Button to={`${base}/report`}>Audit report</Button>
      </p>
    </section>
  );
}

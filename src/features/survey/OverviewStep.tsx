import { Link } from 'react-router';
import { isDriverCompleted } from '../../api/contract/polls';
import { personLabel } from '../../api/contract/display';
import { ROLE_LABELS } from '../../api/contract/pollLabels';
import { useStepTitle, useSurvey } from './context';
import { StepNav } from './StepNav';
import surveyStyles from './survey.module.css';

/** `…/overview`: the project the check is about, its drivers and who takes part. */
export default function OverviewStep() {
  const { poll, drivers, base } = useSurvey();
  useStepTitle('Project overview');
  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">{poll.project.name}</h1>
      <p className="muted">
        {poll.account.name} · {poll.delivery_unit.name}
      </p>
      <h2>About the project</h2>
      <p className={surveyStyles.prose}>{poll.project.description || 'No description yet.'}</p>
      {poll.project.expert_description && (
        <>
          <h2>Notes for the experts</h2>
          <p className={surveyStyles.prose}>{poll.project.expert_description}</p>
        </>
      )}
      <h2>Drivers</h2>
      <ol className={surveyStyles.driverList}>
        {drivers.map((driver) => (
          <li key={driver.id}>
            <Link to={`${base}/drivers/${driver.slug}`}>{driver.name}</Link>{' '}
            <span className="muted">
              {driver.area.name} · {driver.reply_count}/{driver.questions_count}
              {isDriverCompleted(driver) ? ' · completed' : ''}
            </span>
          </li>
        ))}
      </ol>
      <h2>Participants</h2>
      <ul className={surveyStyles.participants}>
        {poll.poll_stats.participants.map((participant) => (
          <li key={`${participant.role}-${participant.id}`}>
            <strong>{personLabel(participant)}</strong>{' '}
            <span className="muted">
              {ROLE_LABELS[participant.role]} · {participant.answered}/{participant.questions}
              {participant.submitted ? ' · submitted' : ''}
            </span>
          </li>
        ))}
      </ul>
      <StepNav />
    </section>
  );
}

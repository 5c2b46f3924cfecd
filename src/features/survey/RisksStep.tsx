import { useEffect } from 'react';
import { Link } from 'react-router';
import { notify } from '../../shared/lib/toasts';
import { useSurvey } from './context';
import { StepNav } from './StepNav';

/** Spec §8 info toast of the risks step. */
export const RISKS_STEP_INFO =
  'Now you may see the risks and issues created during the check. To view all actual risks and issues related to the project, in the Filter menu, select Reset to default.';

/** `…/risks`: the risks the drivers point at and a way to raise new ones for the project. */
export default function RisksStep() {
  const { poll, drivers } = useSurvey();
  useEffect(() => {
    notify.info(RISKS_STEP_INFO, { toastId: 'risks-step-info' });
  }, []);
  const suggested = drivers.flatMap((driver) =>
    driver.risks.map((risk) => ({ ...risk, driver: driver.name })),
  );
  const canCreateRisk = poll.user_permissions.includes('CAN_CREATE_RISK');
  const canCreateIssue = poll.user_permissions.includes('CAN_CREATE_ISSUE');
  return (
    <section aria-labelledby="risks-title">
      <h1 id="risks-title">Risks and issues</h1>
      <p>
        Risks and issues raised for {poll.project.name} during this check belong to the project
        register. Raise what the answers revealed, and review what the drivers point at.
      </p>
      <p className="actions-row">
        {canCreateRisk && (
          <Link
            className="button button-primary"
            to={`/create-risk/project?project=${poll.project.id}&poll=${poll.id}`}
          >
            Raise a project risk
          </Link>
        )}
        {canCreateIssue && (
          <Link
            className="button"
            to={`/create-issue/project?project=${poll.project.id}&poll=${poll.id}`}
          >
            Raise a project issue
          </Link>
        )}
        <Link className="button" to={`/risks?project=${poll.project.id}&poll=${poll.id}`}>
          Open the project&apos;s risks and issues
        </Link>
      </p>
      <h2>What the drivers point at</h2>
      {suggested.length === 0 ? (
        <p className="muted">The drivers of this check name no typical risks.</p>
      ) : (
        <ul className="suggested-risks">
          {suggested.map((risk) => (
            <li key={`${risk.driver}-${risk.id}`}>
              {risk.title} <span className="muted">· {risk.driver}</span>
            </li>
          ))}
        </ul>
      )}
      <StepNav />
    </section>
  );
}

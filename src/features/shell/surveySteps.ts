import { NAV_PERMISSIONS as P } from '../../api/contract/permissions';

export interface SurveyStepDriver {
  slug: string;
  name: string;
  completed: boolean;
}

export interface SurveyStep {
  /** '1', '2', … for the overview and drivers; 'RE', 'AS', 'SUM' for the rest. */
  label: string;
  title: string;
  path: string;
  completed?: boolean;
}

/**
 * Spec §2 survey sidebar mode: numbered steps from 1 (the overview when permitted, else the first
 * driver), one per driver, then RE, AS (audit only) and SUM, each behind the poll's permission.
 */
export function surveySteps({
  pollId,
  audit,
  permissions,
  drivers,
}: {
  pollId: number | string;
  audit: boolean;
  permissions: readonly string[];
  drivers: readonly SurveyStepDriver[];
}): SurveyStep[] {
  const base = `/${audit ? 'audit-survey' : 'survey'}/${pollId}`;
  const can = (permission: string) => permissions.includes(permission);
  const steps: SurveyStep[] = [];
  if (can(P.projectDetails))
    steps.push({ label: '1', title: 'Project overview', path: `${base}/overview` });
  drivers.forEach((driver) =>
    steps.push({
      label: String(steps.length + 1),
      title: driver.name,
      path: `${base}/drivers/${driver.slug}`,
      completed: driver.completed,
    }),
  );
  if (can(P.risk) || can(P.issue))
    steps.push({ label: 'RE', title: 'Risks and issues', path: `${base}/risks` });
  if (audit && can(P.pollOutcomes))
    steps.push({ label: 'AS', title: 'Audit outcomes', path: `${base}/outcomes` });
  if (can(P.summary)) steps.push({ label: 'SUM', title: 'Summary', path: `${base}/summary` });
  return steps;
}

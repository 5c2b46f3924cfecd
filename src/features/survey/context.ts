import { useOutletContext } from 'react-router';
import type { Driver, Poll } from '../../api/contract/polls';
import { usePageTitle } from '../../shared/lib/documentTitle';

export interface SurveyContext {
  poll: Poll;
  drivers: Driver[];
  audit: boolean;
  /** `/survey/{id}` or `/audit-survey/{id}`. */
  base: string;
}

export const useSurvey = () => useOutletContext<SurveyContext>();

/**
 * A survey step's title in the browser tab: its h1's words, then the project's name; undefined
 * while the step shows no h1 of its own (loading, or the error screen, which names itself).
 */
export function useStepTitle(step: string | undefined) {
  const { poll } = useSurvey();
  usePageTitle(step === undefined ? undefined : `${step} · ${poll.project.name}`);
}

/** The permission checks of survey pages use the poll's permissions (spec §6). */
export const can = (poll: Poll, permission: string) => poll.user_permissions.includes(permission);

/**
 * Spec §2 previous/next: overview, drivers in order, risks, summary; none at the ends. Only the
 * steps the poll's permissions open take part.
 */
export function flowSteps({
  poll,
  drivers,
  base,
}: SurveyContext): { path: string; title: string }[] {
  const steps: { path: string; title: string }[] = [];
  if (can(poll, 'CAN_VIEW_PROJECT_DETAILS'))
    steps.push({ path: `${base}/overview`, title: 'Project overview' });
  for (const driver of drivers)
    steps.push({ path: `${base}/drivers/${driver.slug}`, title: driver.name });
  if (can(poll, 'CAN_VIEW_RISK') || can(poll, 'CAN_VIEW_ISSUE'))
    steps.push({ path: `${base}/risks`, title: 'Risks and issues' });
  if (can(poll, 'CAN_VIEW_SUMMARY')) steps.push({ path: `${base}/summary`, title: 'Summary' });
  return steps;
}

export function neighbours(context: SurveyContext, pathname: string) {
  const steps = flowSteps(context);
  const index = steps.findIndex((step) => step.path === pathname);
  return {
    previous: index > 0 ? steps[index - 1] : undefined,
    next: index >= 0 && index < steps.length - 1 ? steps[index + 1] : undefined,
  };
}

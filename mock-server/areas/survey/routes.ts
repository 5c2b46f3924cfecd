import type { Area } from '../../lib/area';
import { feedbackRoutes } from './feedback';
import { outcomeRoutes } from './outcomes';
import { replyRoutes } from './replies';
import { reportRoutes } from './report';
import { resultRoutes } from './results';
import { submitRoutes } from './submit';

/**
 * The survey of a check: its drivers, questions and replies; the summary and the submit; the
 * indicator feedback; the audit report flow with the supervisor's comments; the results; the
 * audit's findings.
 */
export const survey: Area = {
  feature: 'survey',
  routes: ({ db }) => [
    ...replyRoutes(db),
    ...submitRoutes(db),
    ...feedbackRoutes(db),
    ...reportRoutes(db),
    ...resultRoutes(db),
    ...outcomeRoutes(db),
  ],
};

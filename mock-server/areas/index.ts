import type { Area } from '../lib/area';
import { checklists } from './checklists/routes';
import { planning } from './planning/routes';
import { dexSetup } from './dexSetup/routes';
import { caseStudy } from './caseStudy/routes';
import { placement } from './placement/routes';
import { tools } from './tools/routes';
import { commitments } from './commitments/routes';
import { targets } from './targets/routes';
import { auth } from './auth/routes';
import { risks } from './risks/routes';
import { dashboard } from './dashboard/routes';
import { attributes } from './attributes/routes';
import { iso9001 } from './iso9001/routes';
import { metricsApprovals } from './metricsApprovals/routes';
import { myWork } from './myWork/routes';
import { notifications } from './notifications/routes';
import { checkViews } from './checkViews/routes';
import { accounts } from './accounts/routes';
import { agreements } from './agreements/routes';
import { approvals } from './approvals/routes';
import { banner } from './banner/routes';
import { calendar } from './calendar/routes';
import { checks } from './checks/routes';
import { compare } from './compare/routes';
import { genAi } from './genAi/routes';
import { directory } from './projects/directory';
import { projects } from './projects/routes';
import { raci } from './raci/routes';
import { reports } from './reports/routes';
import { search } from './search/routes';
import { stats } from './stats/routes';
import { survey } from './survey/routes';
import { team } from './team/routes';

/**
 * Every area of the mock backend, one line each (a new area is its folder and a line here). The
 * app, the seed, the store and the pact states take their parts from this list. Two areas never
 * answer the same method and path, so the order is only the order of the route table.
 */
export const AREAS: readonly Area[] = [
  banner,
  stats,
  auth,
  search,
  myWork,
  projects,
  accounts,
  notifications,
  team,
  raci,
  targets,
  commitments,
  genAi,
  tools,
  placement,
  caseStudy,
  dexSetup,
  approvals,
  agreements,
  metricsApprovals,
  iso9001,
  attributes,
  checks,
  survey,
  compare,
  checkViews,
  dashboard,
  risks,
  calendar,
  planning,
  checklists,
  reports,
  directory,
];

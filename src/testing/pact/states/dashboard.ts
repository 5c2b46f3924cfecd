import { defineStates, id, missingId } from '../state';

/**
 * The riskiness and issueness dashboard (spec §2 `/dashboard` and its account pages): both scores
 * of every account, computed from its open risks, issues, audit findings and overdue action items
 * as src/api/contract/dashboard.ts words them, with a snapshot at the end of every month.
 */
const RISKY_ACCOUNT =
  'An account of a business line of a business segment, with a delivery owner. Its riskiness and its issueness are both above Low: its projects hold open risks worth at least 15 points (probability × impact, e.g. two of High × High) and open issues worth at least 12 points (priority × severity, e.g. two of High × High), none of them at the account level itself, and no finished audit with open findings, so every contributor to both scores is a risk or an issue of a project. At least one of its risks changed in the last days (its history has an entry). Its projects have at least one check (the latest one by due date is its last check). The scores of the account were kept at the end of the past months (at least last month), and an actual riskiness of this month was recorded for it by its delivery owner.';

export const DASHBOARD_STATES = defineStates({
  ownerRiskyAccount: {
    name: 'persona account_owner looks after an account whose open risks and issues all sit on its projects',
    persona: 'account_owner',
    needs: `${RISKY_ACCOUNT} Persona account_owner is its delivery owner and holds CAN_VIEW_RISK_DASHBOARD and CAN_CREATE_ACTUAL_ACCOUNT_RISKINESS.`,
    returns: { accountId: id('the account account_owner looks after') },
  },
  adminRiskyAccount: {
    name: 'persona admin sees on the dashboard an account admin does not look after',
    persona: 'admin',
    needs: `${RISKY_ACCOUNT} Its name contains the text \`accountSearch\`. Persona admin (every permission) is neither its delivery owner, its owner assistant nor an extra assistant of it.`,
    returns: {
      accountId: id('the account'),
      accountSearch: { type: 'string', about: 'a part of the name of the account' },
      missingAccountId: missingId('account'),
    },
  },
  portfolioWithoutActual: {
    name: 'persona portfolio may view the dashboard but not record an actual riskiness',
    persona: 'portfolio',
    needs:
      'An account; persona portfolio holds CAN_VIEW_RISK_DASHBOARD but not CAN_CREATE_ACTUAL_ACCOUNT_RISKINESS.',
    returns: { accountId: id('the account') },
  },
  pmWithoutDashboard: {
    name: 'persona pm is signed in without the dashboard flag',
    persona: 'pm',
    needs: 'The user of persona pm, who does not hold CAN_VIEW_RISK_DASHBOARD.',
    returns: {},
  },
});

import { defineStates, id, missingId } from '../state';

/**
 * Accounts, business lines and business segments (spec §2 `/accounts`, §6): an account belongs to
 * a business line of a business segment; its delivery owner, owner assistant, NPS and CSAT come
 * from the CRM, its extra account assistants are this platform's own.
 */
const ACCOUNT_WITH_EXTRA =
  'An account (`accountId`) of a business line (`lineId`) of a business segment, with a delivery owner, an owner assistant, an NPS and a CSAT status, at least one project (with a project manager) and exactly one extra account assistant.';

export const ACCOUNT_STATES = defineStates({
  adminAccount: {
    name: 'persona admin is signed in and an account has one extra assistant',
    persona: 'admin',
    needs: `${ACCOUNT_WITH_EXTRA} The extra assistant is \`extraId\`; the segment of the line is \`segmentId\`. A further user who is neither an extra assistant, the delivery owner nor the owner assistant of the account (\`newAssistantId\`). The name of the account contains the text \`accountSearch\`.`,
    returns: {
      accountId: id('the account'),
      lineId: id('the business line of the account'),
      segmentId: id('the business segment of the account'),
      extraId: id('the one extra account assistant of the account'),
      newAssistantId: id('a user who does not look after the account'),
      accountSearch: { type: 'string', about: 'a part of the name of the account' },
      missingAccountId: missingId('account'),
    },
  },
  adminAccountWithoutCrmPeople: {
    name: 'persona admin is signed in and an account has no delivery owner, owner assistant or extra assistant',
    persona: 'admin',
    needs:
      'An account of a business line of a business segment, with an NPS and a CSAT status and at least one project, for which the CRM names neither a delivery owner nor an owner assistant, and which has no extra account assistant.',
    returns: { accountId: id('the account') },
  },
  adminManyAccounts: {
    name: 'persona admin may see more than one page of accounts',
    persona: 'admin',
    needs:
      'At least 21 accounts (a page holds 20), each of a business line of a business segment, with a delivery owner, an NPS and a CSAT status.',
    returns: {},
  },
  adminAccountChanged: {
    name: 'persona admin added an extra assistant to an account',
    persona: 'admin',
    needs:
      'An account to which persona admin has added an extra account assistant on this platform, recorded in the account’s history (field “Extra account assistant”).',
    returns: { accountId: id('the account') },
  },
  ownerAccount: {
    name: 'persona account_owner owns an account but may not edit project cards or open business lines',
    persona: 'account_owner',
    needs: `${ACCOUNT_WITH_EXTRA} Persona account_owner is its delivery owner and holds neither CAN_EDIT_PROJECT_CARD nor CAN_VIEW_BUSINESS_LINE_TAB. A further user who does not look after the account (\`newAssistantId\`).`,
    returns: {
      accountId: id('the account account_owner owns'),
      lineId: id('the business line of the account'),
      newAssistantId: id('a user who does not look after the account'),
    },
  },
  portfolioWithoutAccountTab: {
    name: 'persona portfolio may not view the account tab and an account exists',
    persona: 'portfolio',
    needs: 'An account of a business line; persona portfolio does not hold CAN_VIEW_ACCOUNT_TAB.',
    returns: { accountId: id('the account') },
  },
});

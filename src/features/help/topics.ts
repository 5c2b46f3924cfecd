import {
  FINDING_POINTS,
  GRADE_POINTS,
  OVERDUE_ACTION_ITEM_POINTS,
  RATING_POINTS,
  SCORE_KIND_LABELS,
  SCORE_THRESHOLDS,
  type ScoreKind,
} from '../../api/contract/dashboard';
import { NAV_PERMISSIONS, type NavPermission } from '../../api/contract/permissions';
import { REPORT_DOWNLOAD_LIMIT, REPORT_MESSAGES } from '../../api/contract/reports';
import { AGREEMENT_UPLOAD } from '../../api/contract/agreements';
import { CHECKLIST_UPLOAD } from '../../api/contract/checklists';
import { GEN_AI_UPLOAD } from '../../api/contract/genAi';
import { ISO_UPLOAD } from '../../api/contract/iso9001';
import { METRICS_UPLOAD } from '../../api/contract/metricsApprovals';
import { CHECK_INDEX_MAX, CHECK_INDEX_MESSAGES } from '../../api/contract/polls';
import { VALIDATION_STATUS_UPLOAD } from '../../api/contract/projectAttributes';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  FILE_ERROR,
  type UploadRule,
} from '../../api/contract/risks';

/** One part of a help topic: plain text only, rendered by React, so nothing needs sanitizing. */
export interface HelpSection {
  heading: string;
  paragraphs: readonly string[];
  list?: readonly string[];
  /** The list is a sequence of steps. */
  ordered?: boolean;
}

/** The help for one area of the product (spec §1–§9), shown at `/online-help/index.htm#<id>`. */
export interface HelpTopic {
  /** Slug used as the URL hash. */
  id: string;
  title: string;
  /** The app path the topic describes, or null when it describes no single page. */
  path: string | null;
  /** Text of the 'Open …' link when the topic title reads badly there. */
  linkLabel?: string;
  /** The permission that opens the area (spec §6), or null when every signed-in user has it. */
  permission: NavPermission | null;
  sections: readonly HelpSection[];
}

/** 52428800 → '50 MB'. */
const megabytes = (bytes: number) => `${bytes / 1_048_576} MB`;

/** An upload rule in words, from the contract: 'one file of up to 50 MB: jpeg, jpg, png, eml or msg'. */
export function uploadRuleText(rule: UploadRule): string {
  const count = rule.maxFiles === 1 ? 'one file' : `up to ${rule.maxFiles} files`;
  const types = rule.extensions;
  const list =
    types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}` : types[0];
  return `${count} of up to ${megabytes(rule.maxBytes)}${rule.maxFiles === 1 ? '' : ' each'}: ${list}`;
}

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    path: '/welcome',
    linkLabel: 'Open the welcome page',
    permission: null,
    sections: [
      {
        heading: 'Signing in',
        paragraphs: [
          "The platform is open to signed-in users only. The sign-in page is the one page you can open without signing in. It greets you with “With this tool you can monitor and enhance your project success and delivery quality” and a “Let's start!” button.",
          "“Let's start!” takes you to your company's single sign-on provider: sign in there with your corporate account. The platform has no password of its own. While it confirms who you are, a loading screen shows.",
          'If you followed a link to a particular page before signing in, the platform remembers it and takes you straight there afterwards. Otherwise you arrive on the welcome page.',
          'Your session is checked every 5 minutes. If the server no longer recognises you, you are signed out and asked to sign in again (see Troubleshooting). To sign out yourself, open the menu under your name in the header and choose “Sign out”.',
        ],
      },
      {
        heading: 'The welcome page',
        paragraphs: [
          'The welcome page (at / and /welcome) shows what the platform does and lists the areas your permissions open, each with a link and a one-line summary. It is the quickest way to see what you can reach.',
          'If your account opens no area yet, the page says so and points you to Actions, where risks and issues passed to you arrive. To get access to an area, see Permissions.',
          'In portfolio mode the platform is called “Portfolio Excellence Platform” instead of “Project Excellence Platform”. Everything in this help applies to both.',
        ],
      },
      {
        heading: 'The header',
        paragraphs: ['The header runs along the top of every page once you are signed in.'],
        list: [
          'The logo takes you back to the welcome page. In December, January and February it snows on the logo.',
          '“Actions” shows how many risk action requests (propagations, delegations and escalations of risks and issues) are waiting for your decision. It is highlighted when at least one is pending; select it to open the Actions page at /notifications.',
          'Your name opens a menu with “Sign out”.',
        ],
      },
      {
        heading: 'The sidebar',
        paragraphs: [
          'The sidebar lists the areas of the platform. An item appears only when your permissions open it, so two colleagues may see different sidebars. The item of the page you are on is highlighted; selecting it again reloads the page.',
          'Project Checklists shows a counter of the checklists available to you. At the bottom, “Support chat”, “Document space” and “Help” (this page) open in a new tab.',
        ],
      },
      {
        heading: 'The announcement banner',
        paragraphs: [
          'Administrators can publish an announcement, shown in a yellow banner above the page.',
          "Close it with the × button. Closing is remembered in your browser's local storage, so the banner stays closed on later visits and after you sign in again. When the administrators publish a new announcement, it shows again. In another browser, or after clearing the site's data, the closed announcement shows again too.",
          'The banner is never shown while you fill in an audit survey, while you create a risk or an issue, or on planner periods pages (/planning/periods), so that it does not get in the way of that work.',
        ],
      },
      {
        heading: 'Supported browsers',
        paragraphs: [
          'The platform supports Google Chrome, Microsoft Edge and Safari. Use an up-to-date version of one of them.',
          'Other browsers see a notice saying that the platform does not support the browser, with a “Proceed anyway” button. You may continue, but some screens may not work as they should; the choice is kept until you close the tab.',
        ],
      },
      {
        heading: 'Dates, times and names',
        paragraphs: [
          'Dates are shown as MM/DD/YYYY and times as HH:mm on a 24-hour clock: 03/07/2025 14:30 is 7 March 2025 at half past two in the afternoon.',
          'People are shown by name followed by their login in parentheses, for example “Jane Doe (jdoe)”. Client-side and third-party persons have no login and show by name only.',
        ],
      },
    ],
  },
  {
    id: 'projects',
    title: 'Project Portfolio Structure',
    path: '/projects',
    permission: NAV_PERMISSIONS.projectCard,
    sections: [
      {
        heading: 'The portfolio tree',
        paragraphs: [
          'The Project Portfolio Structure shows business segments, their business lines, their accounts and their projects as a tree. Each group counts its projects, the open risks and issues of those projects (the project level only; Accounts counts all of an account’s, its own and its projects’) and checks in progress; each project row shows its code, project manager, last check and its status, its highest open risk rating and whether it is of high ownership.',
          'Search by project name, code or manager; filter by segment, line, account, high ownership, open high risks or last check status. The search and the filters stay in the address, and the groups above a match open by themselves.',
          'With the keyboard: the arrow keys move through the tree and open or close a group, Home and End go to the first and last row, Page Up and Page Down move a page, * opens every group, and Enter opens a project.',
        ],
      },
      {
        heading: 'The project card',
        paragraphs: [
          'A project opens on its card: the header names the project, its account, business line and segment, manager and status; each tab is a page of its own (the address ends with the tab), shown only with its viewing permission.',
          'Overview sums up the project: key facts, the latest checks, open risks and issues by rating, targets at a glance, and the KPI exclusion, ADA and profile revenue flags. Project overview holds the texts a check shows on its first step.',
          "Team, Contacts, Targets, Ownership matrix (one sub-tab per function; exactly one Accountable per activity), Attributes (with the profile validation status and its evidence files), Security commitments and Action items are edited there with their permissions; without them every tab is read-only. Every change is listed in the card's History tab: who, when, which field, the old and the new value.",
          'Action items lists the open steps of the action plans of the project’s risks and issues and the open corrective actions of its approved audits, earliest due first; someone who may resolve action plans marks one done after a confirmation.',
          'The governance tabs (agreements, DEX set up, approvals, Gen AI approvals, metrics approvals, case study, tools register, ISO 9001 compliance) each hold their records with their own edit permission; every change lands in the History.',
        ],
      },
      {
        heading: 'Upload rules on the card',
        paragraphs: [
          'Each upload is checked before it leaves your browser and again by the server; a refused file is never sent, and the field says why.',
        ],
        list: [
          `Metrics evidence: ${uploadRuleText(METRICS_UPLOAD)}.`,
          `Profile validation status: ${uploadRuleText(VALIDATION_STATUS_UPLOAD)}.`,
          `Agreement documents: ${uploadRuleText(AGREEMENT_UPLOAD)}.`,
          `ISO 9001 evidence: ${uploadRuleText(ISO_UPLOAD)}.`,
          `Gen AI consent evidence: ${uploadRuleText(GEN_AI_UPLOAD)}.`,
        ],
      },
      {
        heading: 'Accounts, business lines and segments',
        paragraphs: [
          'An account page shows its delivery owner, owner assistant, NPS and CSAT as the CRM has them (they are changed in the CRM, not here), the extra account assistants (edited here), account targets, its projects, open risks and latest checks. The Accounts list counts all of each account’s open risks and issues: its own and its projects’. Business line and business segment pages list their accounts and projects.',
        ],
      },
    ],
  },
  {
    id: 'dashboard',
    title: 'Dashboard',
    path: '/dashboard',
    permission: NAV_PERMISSIONS.riskDashboard,
    sections: [
      {
        heading: 'Riskiness of an account',
        paragraphs: [
          'Riskiness says how much risk an account carries now. It is a score, the sum of the points below, and a level that the score gives.',
          'Only open records count, at the account level and at the project level of its projects. Resolve a risk or close a finding, and the score falls at once.',
        ],
        list: [
          `Each open risk: probability × impact, each counted ${pointsText(RATING_POINTS)}, so 1 to 9 points.`,
          `Each open finding of the latest finished audit of each project (a finding whose corrective action is not done): Major ${FINDING_POINTS.major}, Minor ${FINDING_POINTS.minor}, Observation ${FINDING_POINTS.observation}.`,
          levelsText('riskiness'),
        ],
      },
      {
        heading: 'Issueness of an account',
        paragraphs: [
          'Issueness says how much trouble an account is in now: its open issues, and the actions on them that are late.',
        ],
        list: [
          `Each open issue: priority × severity, each counted ${pointsText(GRADE_POINTS)}, so 1 to 16 points.`,
          `Each overdue action item of an open issue (not done, due before today): ${OVERDUE_ACTION_ITEM_POINTS} points.`,
          levelsText('issueness'),
        ],
      },
      {
        heading: 'Reading the dashboard',
        paragraphs: [
          'The dashboard lists every account with both levels and scores, the change since the end of last month, its open high risks, overdue action items and last check. Search by name, filter by segment, line and level, and sort by any column; the address keeps the filters, so a link opens the same view. The charts show how many accounts sit at each level now and over the last 12 months; each has a table beside it. Export to Excel exports the rows the filters show.',
          "An account's page ranks its projects by the points they add, maps its open risks by probability and impact (pick a cell to see those risks) and lists recent changes. The riskiness and issueness pages list every record that adds points, how each was counted, and the fewest records whose resolution would bring the score down a level.",
        ],
      },
      {
        heading: 'Actual account riskiness',
        paragraphs: [
          "The account's delivery owner and assistants who hold the permission to create actual account riskiness record their own judgement for the month: a level and a reason. The dashboard shows it beside the computed level and marks the accounts where the two disagree.",
        ],
      },
    ],
  },
  {
    id: 'risks',
    title: 'Risks And Issues',
    path: '/risks',
    permission: null,
    sections: [
      {
        heading: 'Risks, issues and levels',
        paragraphs: [
          'A risk is something that may happen and would harm delivery; an issue is something that is already happening. When a risk happens, it can be converted to an issue.',
          'Risks and issues live at one of four levels: Project level, Business Line level, Business Segment level and Account level. They are labelled accordingly, for example “Project risk” or “Account issue”. There is a list page for each level, plus a duplicates page.',
          "Risks And Issues is in every signed-in user's sidebar; which risks you see and what you can change depend on your permissions.",
        ],
      },
      {
        heading: 'Creating a risk or an issue',
        paragraphs: [
          'Creating risks and issues needs a permission, and creating at account, business line, business segment, audit, CS/CoE or account-via-NPS level needs a permission of its own. While you create a risk, an example shows how to phrase its statement.',
          'When you switch to another tab during creation, the platform warns: “Risk statement and category will be cleared after switching to another tab”. Finish the statement and category first, or copy them before switching.',
          'A risk or issue you started but have not created is kept as a draft. From the draft you can create it (“The risk has been successfully created from the draft”), clear it to start again, or delete it.',
        ],
      },
      {
        heading: 'Probability and impact of a risk',
        paragraphs: [
          'Each risk is rated on two scales: probability (how likely it is to happen) and impact (how much harm it would do). Both are Low, Moderate or High.',
          'Read them together, probability × impact: a High probability, High impact risk comes first; Low × Low comes last. A risk that is High on one scale and Low on the other deserves a look at its response strategy.',
          'The response strategy says how you deal with the risk:',
        ],
        list: [
          'Avoid: change the plan so that the risk cannot happen.',
          'Mitigate: act to make it less likely or less harmful.',
          'Transfer: hand the risk to someone better placed to carry it.',
          'Accept: knowingly live with it.',
          'Escalate: pass it to a higher level that can decide on it.',
        ],
      },
      {
        heading: 'Priority and severity of an issue',
        paragraphs: [
          'Priority says how urgently an issue must be dealt with: Critical, High, Moderate or Low.',
          'Severity says how badly it hurts: Critical, High, Moderate or Low. Severity is given for the account or for the project.',
        ],
      },
      {
        heading: 'The risk and issue card',
        paragraphs: ['A risk or issue opens in tabs:'],
        list: [
          'Details: the statement and the fields that describe it, such as the ratings, response strategy, due date and labels.',
          'Action items: the action plan, the steps taken to deal with it.',
          'Comments: discussion, with attachments.',
          'Communication with client: what has been communicated to the client.',
          'Resolution: how it was closed.',
          'Transfer: hand the risk over to another person.',
          'History: every change, with who made it and when.',
        ],
      },
      {
        heading: 'Resolving and reopening',
        paragraphs: [
          'Close a risk or issue with the resolution action that says why. Each action needs the resolution permission; reopening needs its own.',
        ],
        list: [
          'Resolve: it has been dealt with. A risk can also be resolved as happened.',
          'Resolve as duplicate: the same risk or issue is recorded elsewhere.',
          'Resolve as invalid: it was raised by mistake.',
          'Resolve as not actual: it no longer applies.',
          'Resolve as ignore: it is deliberately not pursued.',
          'Convert to issue: the risk has happened and is now an issue.',
          'Reopen: bring a closed risk or issue back (“You have successfully reopened the risk”, or the issue).',
        ],
      },
      {
        heading: 'Duplicates',
        paragraphs: [
          'Risks recorded more than once are gathered in a duplicates group, listed on the duplicates page. The initial risk is the first one created in the group. For each duplicate choose:',
        ],
        list: [
          "Merge to initial: the duplicates' action items are merged into the initial risk's action plan, and the duplicates are closed automatically.",
          'Close as duplicate: the duplicate is closed without merging anything.',
          'Not a duplicate: the risk leaves the group and is never shown in it again.',
        ],
      },
      {
        heading: 'Transfer, visibility tags and sharing',
        paragraphs: [
          'A risk owner may transfer a risk to a person on the company, client or third-party side. That person can only view the transferred risk, not change it.',
          'Visibility tags only help filter risks and issues when presenting them to stakeholders. They grant no permissions: tagging a risk does not let anyone see or change it.',
          'A risk or issue can be shared for visibility at account or project level; the platform confirms with, for example, “You have successfully shared the risk visibility for the account”.',
        ],
      },
      {
        heading: 'Action requests: propagation, delegation and escalation',
        paragraphs: [
          "Some moves need the recipient's agreement. They are sent as action requests, each with its own permission:",
        ],
        list: [
          'Propagation: move the risk or issue to another level, for example from a project to its account.',
          'Delegation: hand responsibility to a colleague at the same level.',
          'Escalation: raise it to a higher level that can decide on it.',
          'The recipient sees the request under Actions in the header (/notifications) and accepts or rejects it. Until then, it stays where it is.',
        ],
      },
      {
        heading: 'Comments and attachments',
        paragraphs: [
          'Comments are plain text: web addresses you paste become links, and angle brackets show exactly as typed rather than as formatting.',
          `A comment takes up to ${ATTACHMENT_MAX_FILES} files of ${megabytes(ATTACHMENT_MAX_BYTES)} each. Allowed types: ${ATTACHMENT_EXTENSIONS.join(', ')}.`,
          `Any attachment is limited to ${ATTACHMENT_MAX_BYTES} bytes (${megabytes(ATTACHMENT_MAX_BYTES)}). Allowed: PDF, JPEG, PNG, BMP, Excel, Word, PowerPoint and OpenDocument spreadsheet, text and presentation. Plain text and GIF files are not allowed.`,
          `A file that breaks these rules is refused with: ${FILE_ERROR} Compress or split it, or save it in an allowed format (a GIF screenshot as PNG, a text file as PDF or Word).`,
        ],
      },
    ],
  },
  {
    id: 'checks',
    title: 'Checks',
    path: '/checks',
    permission: NAV_PERMISSIONS.checks,
    sections: [
      {
        heading: 'Check types',
        paragraphs: [
          'A check assesses a project through a survey: questions grouped in drivers, answered by the people involved. There are five types:',
        ],
        list: [
          'Health check',
          'Self check',
          'QMO health check',
          'QMO self check',
          'Audit check: run as an audit survey (under /audit-survey/) with an outcomes step and an audit report that a supervisor reviews.',
        ],
      },
      {
        heading: 'Creating and configuring checks',
        paragraphs: [
          'New checks are configured at /checks/configure_new and check models are managed at /checks/models. Each check follows a model; model codes include sdo, qmo, soc2_sc, qmo_ta and audit_pm.',
          'Each step needs a permission: creating a check (with separate permissions for self checks and QMO health checks), creating a check configuration, setting the extension, model, phase or team, assigning experts, setting QC ownership, and starting or cancelling a check.',
        ],
      },
      {
        heading: 'Check index',
        paragraphs: [
          `Every check has an index: a short title of up to ${CHECK_INDEX_MAX} characters. The field shows the hint:`,
          CHECK_INDEX_MESSAGES.hint,
          'Examples: “Q3_2025” is valid; “Q3-2025” is not (hyphen); “HEALTHCHECK_Q3” is not (14 characters). The rules and their messages:',
        ],
        list: [
          `Required: “${CHECK_INDEX_MESSAGES.required}”`,
          `At most ${CHECK_INDEX_MAX} characters: “${CHECK_INDEX_MESSAGES.tooLong}”`,
          `Only letters, digits and underscore: “${CHECK_INDEX_MESSAGES.pattern}”`,
        ],
      },
      {
        heading: 'Roles',
        paragraphs: [
          'People answer a check in one of three respondent roles: pm (project manager), qcl (QC lead) and exp (expert). Your position in a check is expert, project manager or QC lead.',
          'Experts are either experts or the main expert. The main expert also fills in the summary (risk status and summary). When the main expert changes, the platform confirms: “You have successfully changed your Main Expert”.',
          'In audit checks the auditor writes the audit report and a supervisor reviews it.',
        ],
      },
      {
        heading: 'Statuses',
        paragraphs: ['A check moves through these statuses:'],
        list: [
          'New (new): created.',
          'Pre-start (pre_start): prepared, waiting to start.',
          'Started (started): respondents answer the survey.',
          'Expert (expert): with the experts or auditor. A returned audit report comes back to this status.',
          'Supervisor review (supervisor_review): the audit report waits for the supervisor.',
          'Review completed (review_completed): the supervisor approved the audit report.',
          'Finished (finished): the check is complete.',
          'Canceled (canceled): the check was stopped.',
        ],
      },
      {
        heading: 'Answering the survey',
        paragraphs: [
          "A survey opens at /survey/ followed by the check's id, or /audit-survey/ for audits. The survey sidebar shows numbered steps, starting at 1:",
        ],
        list: [
          '1: the project overview, when you may view project details (CAN_VIEW_PROJECT_DETAILS); otherwise numbering starts at the first driver.',
          'One numbered step per driver. Each driver covers one area of delivery, with a description and a link to the knowledge base.',
          'RE: the risks and issues of the check (CAN_VIEW_RISK or CAN_VIEW_ISSUE).',
          'AS: the audit outcomes, in audits only (CAN_VIEW_POLL_OUTCOMES).',
          'SUM: the summary (CAN_VIEW_SUMMARY).',
          'The close button (×) at the top takes you back to the checks list.',
        ],
      },
      {
        heading: 'Moving through the survey',
        paragraphs: [
          'Previous and Next follow a fixed order. There is no Previous on the first step and no Next on the last.',
        ],
        list: ['The project overview', 'The drivers, in order', 'Risks and issues', 'The summary'],
        ordered: true,
      },
      {
        heading: 'Answers, progress and completed drivers',
        paragraphs: [
          'Each question takes an answer and a comment. A driver is completed when every one of its questions has a reply, and its step shows as completed.',
          'Your progress: for the main expert, (replies + filled summary items) ÷ (questions + summary items), where the summary items are the risk status and the summary; for everyone else, replies ÷ questions.',
          'Example: with 40 questions and 30 replies, a project manager is at 30 ÷ 40 = 75%. A main expert who has also filled the risk status but not the summary is at (30 + 1) ÷ (40 + 2) = 31 ÷ 42, about 74%.',
          'In the RE step the platform tells you: “Now you may see the risks and issues created during the check. To view all actual risks and issues related to the project, in the Filter menu, select Reset to default.”',
        ],
      },
      {
        heading: 'Submitting',
        paragraphs: [
          'Submit the survey when you are done. An audit survey then opens its results at /audit-survey/…/results; other checks open /survey/…/results.',
          'If submitting fails, the reason is shown and your answers stay; try again, or see Troubleshooting.',
        ],
      },
      {
        heading: 'The audit report and supervisor review',
        paragraphs: [
          'An audit ends with a report that a supervisor approves. Each action needs its permission (send for review, approve and return, edit supervisor comments).',
        ],
        list: [
          'The auditor fills in the outcomes (AS) and sends the report for supervisor review. A finding may name a corrective action: who fixes it (Owner) and by when (Due date), both or neither.',
          'The supervisor either approves it, and the check becomes review_completed, or returns it to the auditor, and it goes back to expert.',
          "After each action the check reloads and its page opens at /checks/ followed by the check's id.",
          "Once the report is approved, each open corrective action is an action item of the project: it shows on the card's Action items tab, beside the action plans of the project's risks and issues, until someone who may resolve action plans marks it done.",
        ],
        ordered: true,
      },
      {
        heading: 'The supervisor comment rule',
        paragraphs: [
          'A supervisor can return a report only after giving a reason in at least one supervisor comment. Without one, the confirmation to return does not open and this warning shows for 20 seconds: “Please provide at least one Supervisor comment as a reason for the returned audit report”.',
          'Add a supervisor comment saying what the auditor must change, then choose Return again.',
        ],
      },
    ],
  },
  {
    id: 'project-overviews',
    title: 'Project overviews',
    path: '/overview',
    permission: NAV_PERMISSIONS.projectDetails,
    sections: [
      {
        heading: 'What the page shows',
        paragraphs: [
          'One row for every check you may see (the same checks as the Checks list): the project, its account, the model, the status and the due date of the check, with the project description ("About the project") and the notes for the experts that the check\'s project overview step shows.',
          'Long texts show their first three lines; "Show all" opens the whole text in the row. The project name opens the check at its project overview step.',
        ],
      },
      {
        heading: 'Searching and filtering',
        paragraphs: [
          'Search looks through the project and account names, the check index and both texts. Account keeps the checks of accounts whose name contains what you type. Period keeps the checks due in a calendar quarter (for example 2026 Q4). Status and Model keep the checks in that status or of that model.',
          'Every filter, the sort order and the page are in the address, so a link you share opens the same list. Select a column heading to sort by it; select it again to reverse the order. Reset filters clears them all.',
        ],
      },
    ],
  },
  {
    id: 'check-summaries',
    title: 'Check summaries',
    path: '/summary',
    permission: NAV_PERMISSIONS.summary,
    sections: [
      {
        heading: 'What the page shows',
        paragraphs: [
          "One row for every check you may see, with the summary its experts wrote (risk status and summary, written by the main expert) beside the project manager's own. A part not written yet says so.",
          'Use it to review the portfolio: filter by period and status "Finished" to read the quarter\'s results, or search for a word such as "escalated" to find the checks whose risk status mentions it. The project name opens the check at its summary step.',
        ],
      },
      {
        heading: 'Searching and filtering',
        paragraphs: [
          'Search looks through the project and account names, the check index and the four texts. Account, Period (the quarter the check is due in), Status and Model narrow the list; all of them, the sort order and the page stay in the address.',
        ],
      },
    ],
  },
  {
    id: 'audit-outcomes',
    title: 'Audit outcomes',
    path: '/outcomes',
    permission: NAV_PERMISSIONS.pollOutcomes,
    sections: [
      {
        heading: 'What the page shows',
        paragraphs: [
          'One row for every finding of the audits whose outcomes you may see: its severity (major finding, minor finding or observation), its description, its corrective action and the audit it belongs to. Major findings come first, then the latest audits.',
          'A corrective action names who fixes the finding and by when. It shows as Open, as Overdue once its due date has passed, or as Done with the day it was marked done. "None" means the finding asks for no action. The finding\'s title opens the audit at its outcomes step.',
        ],
      },
      {
        heading: 'Searching and filtering',
        paragraphs: [
          "Search looks through the project and account names, the audit's index and the finding's title and description. Severity keeps one kind of finding; Account, Period (the quarter the audit is due in), Status and Model narrow the audits. Sort by Corrective action to see the earliest due actions first.",
        ],
      },
    ],
  },
  {
    id: 'checklists',
    title: 'Project Checklists',
    path: '/project-checklists',
    permission: NAV_PERMISSIONS.checklists,
    sections: [
      {
        heading: 'Your checklists',
        paragraphs: [
          'A checklist is a list of statements issued to you for one of your projects, with a due date: a release readiness, a sprint quality gate, a security baseline. The list shows each with its project, due date (marked Overdue once passed), state and how many items are answered; filter it by state or project, or search a template, project name or code.',
          'The sidebar counter is the number of your checklists still Available or In progress; 99+ above 99. It falls as soon as you submit, decline or cancel one.',
        ],
      },
      {
        heading: 'Filling in a checklist',
        paragraphs: [
          `Answer each item Yes, No or N/A (not applicable), add a comment and attach files (PDF, images, Office and OpenDocument files up to ${megabytes(CHECKLIST_UPLOAD.maxBytes)}, ${CHECKLIST_UPLOAD.maxFiles} per item). Everything is saved as you go: each item says Saving… then Saved, and if a save fails it keeps what you typed and offers to try again. Your first answer moves an Available checklist to In progress.`,
          'Submit sends the checklist once every item is answered and every No says why in its comment; until then Submit shows what is missing. Decline says, with a reason, that the checklist does not apply; Cancel withdraws it. Each asks you to confirm first, and a submitted, declined or canceled checklist can no longer be changed.',
        ],
        list: [
          'CAN_EDIT_CHECKLIST: answer, comment and attach files.',
          'CAN_SUBMIT_CHECKLIST, CAN_DECLINE_CHECKLIST, CAN_CANCEL_CHECKLIST: the three buttons; without them the checklist is read-only for you.',
        ],
      },
    ],
  },
  {
    id: 'calendar',
    title: 'Calendar',
    path: '/calendar',
    permission: NAV_PERMISSIONS.scheduler,
    sections: [
      {
        heading: 'What the calendar shows',
        paragraphs: [
          'The calendar puts the dated records you may see on days, in a month, a week or an agenda of 30 days (on a phone it opens on the agenda).',
        ],
        list: [
          'Checks: each over its planned week, Monday to Friday of the week of its due date, with its status.',
          'Planner periods: the day each starts and the day it ends (with CAN_VIEW_PLANNER_PERIODS).',
          'Risk and issue due dates: the open ones.',
          'Action item due dates: the open steps of the action plans of open risks and issues, and the open corrective actions of approved audits.',
        ],
      },
      {
        heading: 'Finding your way',
        paragraphs: [
          'Today, the arrows and the Month, Week and Agenda tabs move the calendar; the day and the view stay in the address, so a link opens the same view.',
          'Show one kind or several with the checkboxes (each has its colour), narrow to an account or a project, or tick Only my items: a check you take part in, a risk, issue or action item you own. Your own items are marked with a person icon and bold text; today is tinted.',
          'An item is a link to its record: press Tab to reach it and Enter to open it. "+N more" lists the items a day cannot show.',
          'Download my items (.ics) saves your own items of the range shown as an iCalendar file that Outlook, Google Calendar or Apple Calendar can import.',
        ],
      },
    ],
  },
  {
    id: 'planner',
    title: 'Planner',
    path: '/planning',
    permission: NAV_PERMISSIONS.checkPlanner,
    sections: [
      {
        heading: 'The grid',
        paragraphs: [
          'The check planner shows every active or on-hold project (rows) against the planner periods (columns). A cell holds the check planned for that project in that period: its type, the week it runs in (Monday to Friday; the Friday is its due date) and its main expert. A warning sign marks an expert planned on two checks in one week.',
          'The Model and last check column says which model the project follows, when its last check finished, and "Due" when that was longer ago than the model allows (SDO and QMO technical audit every 6 months, the others every 12) or when it was never checked.',
          'Filter by segment, line, account, model, "Due for a check" or whether a project is planned in the working period, or search a name, code or manager; the filters stay in the address, so a link opens the same view. The working period is the open one unless you choose another.',
        ],
      },
      {
        heading: 'Planning',
        paragraphs: [
          'With CAN_EDIT_CHECK_PLANNER, press Plan in an empty cell of a draft or open period, choose the type, model, week and experts (the first you add leads as main expert), and save. To plan the same check for many projects, tick their boxes (or the box above them for every project shown) and press "Plan N in the period": all are planned or, if one is refused, none.',
          'Open a planned check to see it in the side panel: its experts and their clashes, its note, who changed it last; edit it or take it out of the plan there. A closed period, or one whose planner has started, no longer changes.',
          'Export to Excel saves the plan of the projects shown, one row per planned check, and a second sheet of the due projects not planned in the working period.',
        ],
      },
      {
        heading: 'Starting the planner',
        paragraphs: [
          'With CAN_START_CHECK_PLANNER, "Start planner…" shows what starting the working period would do: every check it would create, and every planned check that must be fixed first (a week already over, a health check without a main expert, a project closed since). It creates nothing until every one is ready; then each planned check becomes a check in status New, listed in Checks and shown in the calendar over its planned week. A period starts once.',
        ],
      },
    ],
  },
  {
    id: 'reports',
    title: 'Reports',
    path: '/reports',
    permission: NAV_PERMISSIONS.reports,
    sections: [
      {
        heading: 'The catalogue',
        paragraphs: [
          'Reports lists six reports as cards; choose one and its filters, a preview and the export appear under the cards. The report, its filters, the sort and the preview page stay in the address, so a link opens the same report with the same filters.',
        ],
        list: [
          'Check results: every check by period (the quarter it is due in), account, model and status, with when it finished and the experts’ risk status.',
          'Planned against completed checks: each check the planner planned, by the quarter of its planned week, with the check made of it and its outcome (completed, in progress, not started or canceled).',
          'Risk and issue register: every risk and issue at project, account, business line and business segment level, by level, kind, status and account.',
          'Overdue action items: the steps of the action plans of open risks and issues that are not done and whose due date has passed, with how many days overdue.',
          'Audit findings: the findings of every audit you may see, by severity and by whether their corrective action is done.',
          'Projects excluded from KPI: the projects whose card has “Excluded from KPI” ticked.',
        ],
      },
      {
        heading: 'Filters and preview',
        paragraphs: [
          'Period filters take a calendar quarter (2026 Q4); the Account filter finds accounts whose name contains what you type. Reset filters clears them all.',
          'The preview shows 25 rows a page and says how many rows the whole report has. Click a column header to sort by it, and again to reverse the order; the export keeps that order.',
          'The reports hold what you may see elsewhere in the platform: the checks you take part in or oversee, the risks and issues you may view, the audits whose outcomes you may see.',
        ],
      },
      {
        heading: 'Excel export',
        paragraphs: [
          `Export to Excel saves the whole report the filters select, not only the preview page. Up to ${REPORT_DOWNLOAD_LIMIT} rows the file is built in your browser: “${REPORT_MESSAGES.keepOpen}” shows until it is saved.`,
          `A larger report says “${REPORT_MESSAGES.willBeSent}” under the button; pressing it asks the server to send the file to your e-mail address, and “${REPORT_MESSAGES.byEmail}” confirms it.`,
          'The Power BI report link at the top opens the portfolio’s Power BI report in a new tab.',
        ],
      },
    ],
  },
  {
    id: 'notifications',
    title: 'Notifications',
    path: '/notifications',
    permission: null,
    sections: [
      {
        heading: 'Actions: requests waiting for you',
        paragraphs: [
          'When a colleague propagates, delegates or escalates a risk or issue to you, you receive a risk action request. “Actions” in the header shows how many are waiting for your decision; select it to open the Actions page.',
          'Each request shows its kind (propagation, delegation or escalation), the risk or issue (for example “Account risk”), where it belongs, who asked, the level it would move to, when, and any comment.',
        ],
      },
      {
        heading: 'Accepting or rejecting',
        paragraphs: [
          'Accept to take the risk or issue over: you become responsible for it. Reject to leave it where it is; the requester is told. A dialog asks you to confirm either choice, and the count in the header goes down.',
          'Decided requests move to the “Accepted” and “Rejected” views, 20 to a page, with Previous and Next.',
        ],
      },
      {
        heading: 'Pop-up messages',
        paragraphs: [
          'Confirmations and warnings pop up at the top centre of the page, with a close button.',
        ],
        list: [
          'Confirmations, such as “Success! Your action on the risk has been successfully processed.”, disappear after 5 seconds.',
          'The supervisor comment warning of an audit stays for 20 seconds.',
          'Errors stay until you close them, so you can read or copy them.',
          'Messages tied to a page are cleared when you move to another page.',
        ],
      },
    ],
  },
  {
    id: 'permissions',
    title: 'Permissions',
    path: null,
    permission: null,
    sections: [
      {
        heading: 'How access works',
        paragraphs: [
          "What you see depends on permissions, granted by the server with your account. Survey pages use the permissions you hold in that check; every other page uses your account's.",
          'A page opens when you hold at least one of the permissions it allows and none that it excludes. While permissions load, a loading screen shows. Without access you are sent elsewhere (for example from risk creation back to the risks list) or told that you cannot open the page.',
        ],
      },
      {
        heading: 'What each sidebar permission opens',
        paragraphs: [],
        list: [
          'CAN_VIEW_PROJECT_CARD: Project Portfolio Structure (/projects) and the project cards.',
          "CAN_VIEW_RISK_DASHBOARD: Dashboard (/dashboard), with each account's riskiness and issueness.",
          'CAN_VIEW_CHECKLISTS: Project Checklists (/project-checklists), with its counter.',
          'CAN_VIEW_SCHEDULER: Calendar (/calendar).',
          'CAN_VIEW_CHECK_PLANNER: Planner (/planning).',
          'CAN_VIEW_REPORTS: Reports (/reports).',
          "Risks And Issues (/risks) and Checks (/checks) are in every signed-in user's sidebar; what they show depends on the permissions below.",
        ],
      },
      {
        heading: 'Inside a check',
        paragraphs: [],
        list: [
          'CAN_VIEW_PROJECT_DETAILS: the project overview step.',
          'CAN_VIEW_RISK or CAN_VIEW_ISSUE: the risks and issues step (RE).',
          'CAN_VIEW_POLL_OUTCOMES: the audit outcomes step (AS).',
          'CAN_VIEW_SUMMARY: the summary step (SUM).',
        ],
      },
      {
        heading: 'Finer permissions',
        paragraphs: [
          'Beyond these, the server grants permissions for viewing individual tabs, editing each field of a risk or issue, creating risks and issues at each level, reopening, propagating, delegating and escalating, changing project data, creating and running checks, planning, working on checklists and reviewing audit reports. When a tab or button is missing, the permission for it is missing.',
        ],
      },
      {
        heading: 'Managed outside the platform',
        paragraphs: [],
        list: [
          "An account's delivery owner and owner assistant are changed in the CRM, not here.",
          'Extra account assistants have permissions for this platform only.',
          'NPS and CSAT statuses come from the CRM and are changed there.',
          'A person a risk is transferred to can only view that risk.',
          'Visibility tags only help filter for presenting to stakeholders and grant no permissions.',
        ],
      },
      {
        heading: 'Asking for access',
        paragraphs: [
          'If you need an area or an action you cannot reach, contact the support team through “Support chat” in the sidebar. Say which area or action you need and, where this help names it, the permission (for example CAN_VIEW_REPORTS).',
        ],
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    path: null,
    permission: null,
    sections: [
      {
        heading: 'The error screen',
        paragraphs: [
          'When a page cannot be shown, you see “Looks like something went wrong” with three steps, worth trying in order:',
        ],
        list: [
          'Reload page: most passing problems go away.',
          'FAQ & Troubleshooting: answers to common questions.',
          'Contact us: write to the support team.',
          'The screen also links to the document-sharing space and the workplace group, where colleagues share answers.',
        ],
      },
      {
        heading: 'A page or check will not open',
        paragraphs: [
          'If the server says that a check does not exist or that you may not open it, you see the error screen instead of the survey. Check the link; if it is right, ask the person running the check to give you access.',
          'If an area is missing from your sidebar, you lack its permission: see Permissions.',
          'If part of the platform fails to load (after an update while you had the page open, or on a connection too slow to load it within 2 minutes), the error screen appears. Choose “Reload page” to load the current version.',
        ],
      },
      {
        heading: 'Signed out unexpectedly',
        paragraphs: [
          'The platform checks your session every 5 minutes and renews it while you work. If the server refuses it (it expired, or you signed out in another tab), you are taken to the sign-in page.',
          "Choose “Let's start!” to sign in again: you come back to the page you were on. Text you had not saved may need to be entered again.",
        ],
      },
      {
        heading: 'Error messages',
        paragraphs: [
          'When the server refuses a change, an error message stays on screen until you close it. Problems with particular fields are listed field by field (Field "name": followed by what is wrong): correct those fields and try again.',
          'Without details, the message reads “Something went wrong” and “Please contact support team via email or chat”.',
          `A refused upload reads “${FILE_ERROR}” See the attachment rules under Risks And Issues and the upload rules under Project Portfolio Structure.`,
        ],
      },
      {
        heading: 'Browser problems',
        paragraphs: [
          'If screens look wrong or buttons do not respond, check that you use Chrome, Edge or Safari (see Getting started) and reload the page.',
        ],
      },
      {
        heading: 'Contacting support',
        paragraphs: [
          'Use “Support chat” in the sidebar, or “Contact us” on the error screen. To get help quickly, include:',
        ],
        list: [
          'the address of the page (copy it from the address bar);',
          'what you did just before the problem;',
          'the date and time it happened (MM/DD/YYYY HH:mm);',
          'the exact text of any message;',
          'your browser.',
        ],
      },
    ],
  },
];

/** "Low 1, Moderate 2, High 3": the points of each grade, from the contract. */
function pointsText(points: Record<string, number>): string {
  return Object.entries(points)
    .sort(([, a], [, b]) => a - b)
    .map(([grade, value]) => `${grade.charAt(0).toUpperCase()}${grade.slice(1)} ${value}`)
    .join(', ');
}

/** The levels a score gives, from the contract's thresholds. */
function levelsText(kind: ScoreKind): string {
  const { moderate, high } = SCORE_THRESHOLDS[kind];
  return `${SCORE_KIND_LABELS[kind]} is Low below ${moderate} points, Moderate from ${moderate} to ${high - 1}, High from ${high}.`;
}

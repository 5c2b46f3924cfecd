/** What the GenAI approvals tab lends the card's Overview: the flag of unapproved tools. */
export { UnapprovedToolsFlag } from './UnapprovedToolsFlag';

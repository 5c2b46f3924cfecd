/** The risk screens other features show inside their own pages (the project card's Risks tab). */
export { RiskListView } from './list/RiskListView';
/** The probability × impact heat map, for the account dashboard's open risks. */
export { HeatMap } from './list/HeatMap';
/** A history entry's field name and value as the risk's History tab shows them. */
export { historyValue } from './detail/HistoryTab';
export { fieldLabel } from './detail/fieldDisplay';
/** A risk's status pill, the same on every screen that shows one (an escalation's preview). */
export { RiskStatusPill } from './RiskStatusPill';
/** The Owner and Due columns of a table of risks or action items (the survey's risks step). */
export { ownerDueColumns } from './ownerDueColumns';

/** The risk screens other features show inside their own pages (the project card's Risks tab). */
export { RiskListView } from './list/RiskListView';
/** The probability × impact heat map, for the account dashboard's open risks. */
export { HeatMap } from './list/HeatMap';

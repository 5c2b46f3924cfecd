/** The risk screens other features show inside their own pages (the project card's Risks tab). */
export { RiskListView } from './list/RiskListView';

/** The ways into the comparison that other features show: the results page and `/summary`. */
export { CompareButton, CompareLink } from './CompareLinks';
export { comparePath } from './paths';

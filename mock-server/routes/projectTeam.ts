/** DRF's required ChoiceField, for the dashboard's routes (not yet in an area). */
export { requiredChoice as choiceField } from '../lib/requiredChoice';

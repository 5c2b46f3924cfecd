/** The check pieces other features show inside their own pages (the project card). */
export { InvalidFlag, ProgressBar, StatusBadge } from './CheckBadges';
/** The check form's expert picking, for the planner's plan form. */
export { ExpertList, type ChosenExperts } from './ExpertList';
export { PersonPicker } from './PersonPicker';
export { PollNotFound } from './PollNotFound';

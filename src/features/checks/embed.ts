/** The check pieces other features show inside their own pages (the project card). */
export { InvalidFlag, ProgressBar, StatusBadge } from './CheckBadges';

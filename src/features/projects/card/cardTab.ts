import type { ProjectDetail } from '../../../api/contract/projects';

/** What every tab of the card gets: the project, and the user's permissions. */
export interface CardTabProps {
  project: ProjectDetail;
  permissions: readonly string[];
}

/** The card's address, at a tab (`slug`) or at its Overview. */
export const cardPath = (projectId: number, slug = '') =>
  slug ? `/projects/${projectId}/${slug}` : `/projects/${projectId}`;

import type { ProjectListItem } from '../../api/contract/directory';
import { SearchPicker } from '../../shared/ui/SearchPicker';
import { useSearchProjectsQuery } from './api';

export const projectLabel = (project: ProjectListItem) =>
  `${project.name} (${project.account_name})`;

const PROJECTS: [string, string] = ['project', 'projects'];

/** Picks the project of a new check through `GET /api/projects/?search=`. */
export function ProjectPicker({
  id,
  project,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  project: ProjectListItem | null;
  onChange: (project: ProjectListItem | null) => void;
  describedBy?: string | undefined;
  invalid: boolean;
}) {
  return (
    <SearchPicker
      id={id}
      label="Project"
      value={project}
      onChange={onChange}
      useSearch={useSearchProjectsQuery}
      optionLabel={projectLabel}
      noun={PROJECTS}
      describedBy={describedBy}
      invalid={invalid}
      required
    />
  );
}

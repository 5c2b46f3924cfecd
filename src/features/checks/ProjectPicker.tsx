import { useState } from 'react';
import type { ProjectListItem } from '../../api/contract/directory';
import { useSearchProjectsQuery } from './api';
import { Combobox } from './Combobox';
import { MIN_SEARCH_LENGTH, searchStatus } from './PersonPicker';
import { useDebouncedValue } from './useDebounced';

export const projectLabel = (project: ProjectListItem) =>
  `${project.name} (${project.account_name})`;

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
  const [text, setText] = useState(project ? projectLabel(project) : '');
  const term = useDebouncedValue(text.trim());
  const searching = project === null && term.length >= MIN_SEARCH_LENGTH;
  const { data, isFetching, isError } = useSearchProjectsQuery(term, { skip: !searching });
  const projects = searching ? (data?.results ?? []) : [];

  return (
    <Combobox
      id={id}
      label="Project"
      text={text}
      onTextChange={(next) => {
        setText(next);
        if (project) onChange(null);
      }}
      options={projects}
      optionKey={(option) => option.id}
      optionLabel={projectLabel}
      onSelect={(option) => {
        setText(projectLabel(option));
        onChange(option);
      }}
      status={searchStatus({
        text,
        searching,
        isFetching,
        isError,
        found: data ? projects.length : undefined,
        noun: ['project', 'projects'],
      })}
      describedBy={describedBy}
      invalid={invalid}
      required
    />
  );
}

import { Link2, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_TAB_FLAG,
  accountPath,
  BUSINESS_LINE_TAB_FLAG,
  BUSINESS_SEGMENT_TAB_FLAG,
  businessLinePath,
  businessSegmentPath,
} from '../../../api/contract/accounts';
import { formatDate } from '../../../api/contract/display';
import {
  DEPENDENCY_TYPE_LABELS,
  PLACEMENT_EDIT_FLAG,
  type ProjectDependency,
  type ProjectLink,
  type ProjectPlacement,
} from '../../../api/contract/placement';
import type { ProjectDetail } from '../../../api/contract/projects';
import type { NamedRef } from '../../../api/contract/risks';
import { notify } from '../../../shared/lib/toasts';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { DeleteDialog } from '../../../shared/ui/DeleteDialog';
import { Fact } from '../../../shared/ui/Fact';
import type { MenuEntry } from '../../../shared/ui/Menu';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { RowActions } from '../../../shared/ui/RowActions';
import { cardPath, type CardTabProps } from '../card/cardTab';
import { ListRow, Panel, PlainList, Stack } from '../../../shared/ui/Layout';
import {
  useDeleteDependencyMutation,
  useGetPlacementQuery,
  useRemoveRelatedProjectMutation,
} from './api';
import { DependencyDialog, PLACEMENT_TOASTS, PlaceDialog, RelatedDialog } from './PlacementDialogs';
import styles from './placement.module.css';
import { isOverdue } from '../../../shared/lib/today';

/** The tab's own slug: a link to another project opens the same tab on its card. */
const SLUG = 'project-portfolio';

type Dialog =
  | { kind: 'place' }
  | { kind: 'related' }
  | { kind: 'dependency'; dependency: ProjectDependency | null };

/**
 * The Project portfolio tab: where the project sits (its account, business line and segment,
 * linked to their pages and to the portfolio), its programme, parent and sub-projects, the
 * projects related to it and the dependencies both ways, each linked to the other project's card.
 * With CAN_EDIT_PROJECT_CARD the programme and parent are set, related projects added and removed
 * and dependencies added, changed and deleted (after a confirmation); without it, read-only.
 */
export default function PlacementTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetPlacementQuery(project.id);
  const mayEdit = permissions.includes(PLACEMENT_EDIT_FLAG);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [unrelating, setUnrelating] = useState<ProjectLink | null>(null);
  const [doomed, setDoomed] = useState<ProjectDependency | null>(null);
  const [removeRelated, removingRelated] = useRemoveRelatedProjectMutation();
  const [deleteDependency, deleting] = useDeleteDependencyMutation();

  const content = (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{
        skeleton: { label: 'Loading the project’s portfolio links…', rows: 4, columns: 4 },
      }}
      failed="The project’s portfolio links could not be loaded"
    >
      {(data) => (
        <>
          <Hierarchy
            project={project}
            placement={data}
            mayEdit={mayEdit}
            onEdit={() => setDialog({ kind: 'place' })}
          />
          <Related
            related={data.related}
            mayEdit={mayEdit}
            onAdd={() => setDialog({ kind: 'related' })}
            onRemove={setUnrelating}
          />
          <Dependencies
            project={project}
            dependencies={data.dependencies}
            busy={isFetching}
            mayEdit={mayEdit}
            onAdd={() => setDialog({ kind: 'dependency', dependency: null })}
            onChange={(dependency) => setDialog({ kind: 'dependency', dependency })}
            onDelete={setDoomed}
          />
        </>
      )}
    </AsyncContent>
  );

  return (
    <Stack>
      {!mayEdit && (
        <p className="muted" role="status">
          Read-only for you.
        </p>
      )}
      <Place project={project} permissions={permissions} />
      {content}
      {dialog?.kind === 'place' && data && (
        <PlaceDialog project={project} placement={data} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'related' && data && (
        <RelatedDialog project={project} related={data.related} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'dependency' && (
        <DependencyDialog
          project={project}
          dependency={dialog.dependency}
          onClose={() => setDialog(null)}
        />
      )}
      <DeleteDialog
        target={unrelating}
        title={unrelating ? `Remove “${unrelating.name}” from the related projects?` : ''}
        busy={removingRelated.isLoading}
        onClose={() => setUnrelating(null)}
        onDelete={async (other) => {
          await removeRelated({ projectId: project.id, otherId: other.id }).unwrap();
          notify.success(PLACEMENT_TOASTS.unrelated);
        }}
      >
        <p>The relation leaves both projects; their cards’ History keeps a note of it.</p>
      </DeleteDialog>
      <DeleteDialog
        target={doomed}
        title={doomed ? `Delete the dependency with “${doomed.project.name}”?` : ''}
        busy={deleting.isLoading}
        onClose={() => setDoomed(null)}
        onDelete={async (dependency) => {
          await deleteDependency({ projectId: project.id, dependencyId: dependency.id }).unwrap();
          notify.success(PLACEMENT_TOASTS.dependencyDeleted);
        }}
      >
        <p>The dependency leaves both projects; their cards’ History keeps a note of it.</p>
      </DeleteDialog>
    </Stack>
  );
}

/** A link to a page when the user may open it; else the name. */
function PlaceName({ place, path, allowed }: { place: NamedRef; path: string; allowed: boolean }) {
  return allowed && place.id > 0 ? <Link to={path}>{place.name}</Link> : <>{place.name}</>;
}

/** The account, business line and segment of the project (its card's facts), linked. */
function Place({
  project,
  permissions,
}: {
  project: ProjectDetail;
  permissions: readonly string[];
}) {
  const may = (flag: string) => permissions.includes(flag);
  return (
    <Panel aria-labelledby="placement-place">
      <div className={styles.heading}>
        <h3 id="placement-place">Place in the portfolio</h3>
        <Link to={`/projects?account=${project.account.id}`}>
          Show {project.account.name} in the portfolio
        </Link>
      </div>
      <dl className="facts">
        <Fact term="Business segment">
          <PlaceName
            place={project.business_segment}
            path={businessSegmentPath(project.business_segment.id)}
            allowed={may(BUSINESS_SEGMENT_TAB_FLAG)}
          />
        </Fact>
        <Fact term="Business line">
          <PlaceName
            place={project.business_line}
            path={businessLinePath(project.business_line.id)}
            allowed={may(BUSINESS_LINE_TAB_FLAG)}
          />
        </Fact>
        <Fact term="Account">
          <PlaceName
            place={project.account}
            path={accountPath(project.account.id)}
            allowed={may(ACCOUNT_TAB_FLAG)}
          />
        </Fact>
      </dl>
    </Panel>
  );
}

/** Another project, opening the same tab on its card. */
function ProjectName({ project, withAccount }: { project: ProjectLink; withAccount?: boolean }) {
  return (
    <>
      <Link to={cardPath(project.id, SLUG)}>{project.name}</Link>
      {withAccount && <span className={styles.account}> · {project.account.name}</span>}
    </>
  );
}

function ProjectList({ projects, none }: { projects: readonly ProjectLink[]; none: string }) {
  if (projects.length === 0) return <span className="muted">{none}</span>;
  return (
    <ul className={styles.links}>
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectName project={project} />
        </li>
      ))}
    </ul>
  );
}

function Hierarchy({
  project,
  placement,
  mayEdit,
  onEdit,
}: {
  project: ProjectDetail;
  placement: ProjectPlacement;
  mayEdit: boolean;
  onEdit: () => void;
}) {
  const { programme, parent } = placement;
  return (
    <Panel aria-labelledby="placement-hierarchy">
      <div className={styles.heading}>
        <h3 id="placement-hierarchy">Programme and parent project</h3>
        {mayEdit && (
          <Button size="sm" icon={Pencil} onClick={onEdit}>
            Change programme and parent
          </Button>
        )}
      </div>
      <dl className={`facts ${styles.hierarchy}`}>
        <Fact term="Programme">
          {programme ? (
            <>
              {programme.name} <span className={styles.account}>({programme.code})</span>
              {programme.description && (
                <span className={styles.note}>{programme.description}</span>
              )}
            </>
          ) : (
            <span className="muted">Not part of a programme</span>
          )}
        </Fact>
        {programme && (
          <Fact term="Also in the programme">
            <ProjectList projects={placement.programme_projects} none="No other project" />
          </Fact>
        )}
        <Fact term="Parent project">
          {parent ? (
            <ProjectName project={parent} />
          ) : (
            <span className="muted">None: {project.name} is at the top of its hierarchy</span>
          )}
        </Fact>
        <Fact term="Sub-projects">
          <ProjectList projects={placement.children} none="None" />
        </Fact>
      </dl>
    </Panel>
  );
}

function Related({
  related,
  mayEdit,
  onAdd,
  onRemove,
}: {
  related: readonly ProjectLink[];
  mayEdit: boolean;
  onAdd: () => void;
  onRemove: (project: ProjectLink) => void;
}) {
  return (
    <Panel aria-labelledby="placement-related">
      <div className={styles.heading}>
        <h3 id="placement-related">Related projects</h3>
        {mayEdit && (
          <Button size="sm" icon={Link2} onClick={onAdd}>
            Add related project
          </Button>
        )}
      </div>
      {related.length === 0 ? (
        <p className="muted">No related project.</p>
      ) : (
        <PlainList>
          {related.map((project) => (
            <ListRow key={project.id}>
              <span>
                <ProjectName project={project} withAccount />
              </span>
              {mayEdit && (
                <Button size="sm" icon={X} onClick={() => onRemove(project)}>
                  Remove <span className="visually-hidden">“{project.name}”</span>
                </Button>
              )}
            </ListRow>
          ))}
        </PlainList>
      )}
    </Panel>
  );
}

/** A dependency's columns: the other project (with its note), the type and the due date. */
const DEPENDENCY_COLUMNS: Column<ProjectDependency>[] = [
  {
    id: 'project',
    header: 'Project',
    rowHeader: true,
    className: styles.project,
    cell: (dependency) => (
      <>
        <ProjectName project={dependency.project} withAccount />
        {dependency.note && <span className={styles.note}>{dependency.note}</span>}
      </>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    cell: (dependency) => DEPENDENCY_TYPE_LABELS[dependency.type],
  },
  {
    id: 'due',
    header: 'Due date',
    kind: 'date',
    cell: (dependency) => (
      <>
        {dependency.due_date ? formatDate(dependency.due_date) : '—'}
        {isOverdue(dependency.due_date) && (
          <>
            {' '}
            <Badge tone="warning">Past due</Badge>
          </>
        )}
      </>
    ),
  },
];

function Dependencies({
  project,
  dependencies,
  busy,
  mayEdit,
  onAdd,
  onChange,
  onDelete,
}: {
  project: ProjectDetail;
  dependencies: readonly ProjectDependency[];
  busy: boolean;
  mayEdit: boolean;
  onAdd: () => void;
  onChange: (dependency: ProjectDependency) => void;
  onDelete: (dependency: ProjectDependency) => void;
}) {
  const menuOf = (dependency: ProjectDependency): MenuEntry[] => [
    { label: 'Change…', icon: Pencil, onSelect: () => onChange(dependency) },
    { label: 'Delete…', icon: Trash2, danger: true, onSelect: () => onDelete(dependency) },
  ];
  const table = (caption: string, rows: readonly ProjectDependency[], none: string) =>
    rows.length === 0 ? (
      <p className="muted">{none}</p>
    ) : (
      <DataTable
        caption={caption}
        showCaption
        busy={busy}
        columns={withActions(
          DEPENDENCY_COLUMNS,
          mayEdit &&
            ((dependency) => (
              <RowActions
                of={`the dependency with “${dependency.project.name}”`}
                items={menuOf(dependency)}
              />
            )),
        )}
        rows={rows}
        rowKey={(dependency) => dependency.id}
      />
    );
  const dependsOn = dependencies.filter((dependency) => dependency.direction === 'depends_on');
  const dependedOnBy = dependencies.filter(
    (dependency) => dependency.direction === 'depended_on_by',
  );
  return (
    <Stack as="section" aria-labelledby="placement-dependencies">
      <div className={styles.heading}>
        <h3 id="placement-dependencies">Dependencies</h3>
        {mayEdit && (
          <Button size="sm" variant="primary" icon={Plus} onClick={onAdd}>
            Add dependency
          </Button>
        )}
      </div>
      {table(
        `${project.name} depends on`,
        dependsOn,
        `${project.name} depends on no other project.`,
      )}
      {table(
        `Projects that depend on ${project.name}`,
        dependedOnBy,
        `No other project depends on ${project.name}.`,
      )}
    </Stack>
  );
}

import { Pencil, Trash2, UserPlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { CardTabProps } from '../card/cardTab';
import { formatDate, personLabel } from '../../../api/contract/display';
import {
  MANAGER_ROLE,
  memberPhase,
  TEAM_EDIT_FLAG,
  TEAM_ROLES,
  TEAM_ROLE_LABELS,
  totalAllocation,
  type TeamMember,
} from '../../../api/contract/projectTeam';
import { loadChunk } from '../../../shared/lib/chunk';
import { todayIso } from '../../../shared/lib/today';
import { notify } from '../../../shared/lib/toasts';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { IconButton } from '../../../shared/ui/Tooltip';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { RowActions } from '../../../shared/ui/RowActions';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { useGetProjectTeamQuery, useRemoveTeamMemberMutation } from './api';
import { DetailLine, Stack, Toolbar } from '../../../shared/ui/Layout';
import styles from './team.module.css';

/** By role (the order of TEAM_ROLES), then by name. */
export function sortMembers(members: readonly TeamMember[]): TeamMember[] {
  return [...members].sort(
    (a, b) =>
      TEAM_ROLES.indexOf(a.role) - TEAM_ROLES.indexOf(b.role) ||
      a.person.name.localeCompare(b.person.name) ||
      a.id - b.id,
  );
}

/** 520 → 'about 5.2 full-time people': 100% is one full-time person. */
export function fullTimeText(total: number): string {
  const people = Math.round(total / 10) / 10;
  return people === 1
    ? 'one full-time person'
    : `${people.toLocaleString('en-US')} full-time people`;
}

/** The dialog and its form kit, date picker and people search load apart from the table. */
const loadMemberDialog = () => loadChunk(() => import('./MemberDialog'));
const MemberDialog = lazy(() =>
  loadMemberDialog().then((module) => ({ default: module.MemberDialog })),
);

/**
 * The team table's columns: the member (the row's header), role, allocation, dates and, for an
 * editor, the row's buttons. With `totals`, the footer row sums the allocation.
 */
function teamColumns({
  endLabel,
  totals,
  actions,
}: {
  endLabel: string;
  totals: number | null;
  actions: ((member: TeamMember) => ReactNode) | null;
}): Column<TeamMember>[] {
  const columns: Column<TeamMember>[] = [
    {
      id: 'member',
      header: 'Member',
      rowHeader: true,
      className: styles.person,
      cell: (member) => personLabel(member.person),
      ...(totals !== null && { footer: 'Total allocation' }),
    },
    {
      id: 'role',
      header: 'Role',
      cell: (member) => (
        <>
          {TEAM_ROLE_LABELS[member.role]}{' '}
          {member.role === MANAGER_ROLE && <Badge tone="info">From the CRM</Badge>}
        </>
      ),
    },
    {
      id: 'allocation',
      header: 'Allocation',
      kind: 'number',
      cell: (member) => `${member.allocation}%`,
      ...(totals !== null && {
        footer: (
          <>
            {totals}% <DetailLine className={styles.fullTime}>{fullTimeText(totals)}</DetailLine>
          </>
        ),
      }),
    },
    {
      id: 'start',
      header: 'Start',
      kind: 'date',
      cell: (member) => formatDate(member.start_date),
    },
    {
      id: 'end',
      header: endLabel,
      kind: 'date',
      cell: (member) => (member.end_date ? formatDate(member.end_date) : 'Ongoing'),
    },
  ];
  return withActions(columns, actions, 'Changes');
}

const membersText = (count: number) => (count === 1 ? '1 member' : `${count} members`);

/** What the dialog is open for: a new member, or one to change. */
type Editing = { member: TeamMember | null } | null;

/**
 * The Team tab: the project's current members by role then name, with their allocation and dates,
 * and the team's total allocation; members whose start date is still ahead ("Starting later") and
 * those whose end date has passed ("Past members") are listed apart, and count nowhere. With CAN_EDIT_PROJECT_CARD members are added, changed and removed
 * (asked first); the project manager comes from the CRM and stays. Read-only otherwise.
 */
export default function TeamTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetProjectTeamQuery(project.id);
  const [removeMember, removing] = useRemoveTeamMemberMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [leaving, setLeaving] = useState<TeamMember | null>(null);
  const mayEdit = permissions.includes(TEAM_EDIT_FLAG);
  // Fetched once the table is under way, so that the dialog opens at once.
  useEffect(() => {
    if (mayEdit) void loadMemberDialog().catch(() => undefined);
  }, [mayEdit]);

  const add = mayEdit ? (
    <Button variant="primary" icon={UserPlus} onClick={() => setEditing({ member: null })}>
      Add member
    </Button>
  ) : null;

  const remove = async () => {
    if (!leaving) return;
    try {
      await removeMember({ projectId: project.id, memberId: leaving.id }).unwrap();
      notify.success(`${personLabel(leaving.person)} has been removed from the team.`);
      setLeaving(null);
    } catch {
      // The error toast says why; the dialog stays for another try.
    }
  };

  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the team…', rows: 6, columns: 5 } }}
      failed="The team could not be loaded"
    >
      {(data) => {
        const today = todayIso();
        const members = sortMembers(data);
        const inPhase = (phase: ReturnType<typeof memberPhase>) =>
          members.filter((member) => memberPhase(member, today) === phase);
        const current = inPhase('current');
        const future = inPhase('future');
        const past = inPhase('past');
        const total = totalAllocation(current);
        const columns = (endLabel: string, totals: boolean) =>
          teamColumns({
            endLabel,
            totals: totals ? total : null,
            actions: mayEdit
              ? (member) => {
                  const who = personLabel(member.person);
                  return (
                    <RowActions of={who}>
                      <IconButton
                        label={`Edit ${who}`}
                        icon={<Pencil size={16} aria-hidden="true" />}
                        onClick={() => setEditing({ member })}
                      />
                      {member.role !== MANAGER_ROLE && (
                        <IconButton
                          label={`Remove ${who}`}
                          icon={<Trash2 size={16} aria-hidden="true" />}
                          onClick={() => setLeaving(member)}
                        />
                      )}
                    </RowActions>
                  );
                }
              : null,
          });
        return (
          <Stack>
            {current.length === 0 ? (
              <EmptyState
                title={past.length ? 'No current members' : 'No members yet'}
                actions={add}
              >
                <p>
                  The people who work on the project, with their role and allocation, show here.
                </p>
              </EmptyState>
            ) : (
              <>
                <Toolbar>
                  <p className="muted">{membersText(current.length)}, by role then name</p>
                  {add}
                </Toolbar>
                <DataTable
                  caption={`Team of ${project.name}`}
                  busy={isFetching}
                  columns={columns('End', true)}
                  rows={current}
                  rowKey={(member) => member.id}
                />
              </>
            )}
            {future.length > 0 && (
              <section className={styles.past} aria-labelledby="future-members-title">
                <h3 id="future-members-title" className={styles.pastTitle}>
                  Starting later
                </h3>
                <p className="muted">
                  {future.length === 1 ? 'One person joins' : `${future.length} people join`} the
                  team on their start date: until then they count neither in its size nor in its
                  allocation.
                </p>
                <DataTable
                  caption={`Members of ${project.name} starting later`}
                  busy={isFetching}
                  columns={columns('End', false)}
                  rows={future}
                  rowKey={(member) => member.id}
                />
              </section>
            )}
            {past.length > 0 && (
              <section className={styles.past} aria-labelledby="past-members-title">
                <h3 id="past-members-title" className={styles.pastTitle}>
                  Past members
                </h3>
                <p className="muted">
                  {past.length === 1 ? 'One person has' : `${past.length} people have`} left the
                  team: they count neither in its size nor in its allocation.
                </p>
                <DataTable
                  caption={`Past members of ${project.name}`}
                  busy={isFetching}
                  columns={columns('Ended', false)}
                  rows={past}
                  rowKey={(member) => member.id}
                />
              </section>
            )}
            {editing && (
              <Suspense fallback={null}>
                <MemberDialog
                  project={project}
                  member={editing.member}
                  taken={members.map((member) => member.person.id)}
                  onClose={() => setEditing(null)}
                />
              </Suspense>
            )}
            <ConfirmDialog
              open={leaving !== null}
              title={leaving ? `Remove ${personLabel(leaving.person)} from the team?` : ''}
              confirmLabel="Remove"
              busyLabel="Removing…"
              destructive
              busy={removing.isLoading}
              onConfirm={() => void remove()}
              onCancel={() => setLeaving(null)}
            >
              <p>
                They no longer count in the team and its allocation. The change is recorded in the
                card’s History.
              </p>
            </ConfirmDialog>
          </Stack>
        );
      }}
    </AsyncContent>
  );
}

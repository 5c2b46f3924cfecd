import { Check, Lightbulb, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  COMMITMENT_EDIT_FLAG,
  COMMITMENT_STATE_LABELS,
  COMMITMENT_SUGGEST_FLAG,
  COMMITMENT_WORK_STATES,
  type Commitment,
  type CommitmentState,
  type CommitmentWorkState,
} from '../../../api/contract/commitments';
import { formatDate, personLabel } from '../../../api/contract/display';
import { notify } from '../../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { DeleteDialog } from '../../../shared/ui/DeleteDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import type { MenuEntry } from '../../../shared/ui/Menu';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { RowActions } from '../../../shared/ui/RowActions';
import { useGetCurrentUserQuery } from '../../auth/api';
import type { CardTabProps } from '../card/cardTab';
import { ButtonRow, Stack, Toolbar } from '../../../shared/ui/Layout';
import {
  useAcceptCommitmentMutation,
  useDeleteCommitmentMutation,
  useGetCommitmentsQuery,
  useMoveCommitmentMutation,
} from './api';
import {
  COMMITMENT_MESSAGES,
  CommitmentDialog,
  DeclineDialog,
  type CommitmentDialogMode,
} from './CommitmentDialogs';
import styles from './commitments.module.css';

const STATE_TONES: Record<CommitmentState, BadgeTone> = {
  suggested: 'info',
  open: 'neutral',
  in_progress: 'info',
  done: 'success',
};

/** The words of a move in a row's menu. */
const MOVE_LABELS: Record<CommitmentWorkState, string> = {
  open: 'Move back to Open',
  in_progress: 'Move to In progress',
  done: 'Mark as done',
};

/** The commitments' columns, the title (and description) first; the row's actions come after. */
const COMMITMENT_COLUMNS: Column<Commitment>[] = [
  {
    id: 'title',
    header: 'Commitment',
    rowHeader: true,
    kind: 'long',
    cell: (commitment) => (
      <>
        {commitment.title}
        {commitment.description && (
          <span className={styles.description}>{commitment.description}</span>
        )}
      </>
    ),
  },
  { id: 'owner', header: 'Owner', cell: (commitment) => personLabel(commitment.owner) },
  {
    id: 'due',
    header: 'Due',
    kind: 'date',
    cell: (commitment) => (
      <>
        {formatDate(commitment.due_date)}
        {commitment.overdue && (
          <>
            {' '}
            <Badge tone="danger">Overdue</Badge>
          </>
        )}
      </>
    ),
  },
  {
    id: 'state',
    header: 'State',
    cell: (commitment) => (
      <>
        <Badge tone={STATE_TONES[commitment.state]}>
          {COMMITMENT_STATE_LABELS[commitment.state]}
        </Badge>
        {commitment.suggested_by && commitment.state === 'suggested' && (
          <span className={styles.by}>by {personLabel(commitment.suggested_by)}</span>
        )}
      </>
    ),
  },
];

/**
 * The Security commitments tab: what the project promises to do for security, with owner, due
 * date and state (overdue when past due and not done). Editors (CAN_EDIT_COMMITMENTS) add,
 * change, move and delete; suggesters (CAN_SUGGEST_COMMITMENTS) suggest; the owner of a
 * suggestion accepts or declines it. Without any of these the list is read-only.
 */
export default function CommitmentsTab({ project, permissions }: CardTabProps) {
  const { data: user } = useGetCurrentUserQuery();
  const { data, isLoading, isError, isFetching, refetch } = useGetCommitmentsQuery(project.id);
  const mayEdit = permissions.includes(COMMITMENT_EDIT_FLAG);
  const maySuggest = permissions.includes(COMMITMENT_SUGGEST_FLAG);
  const [dialog, setDialog] = useState<CommitmentDialogMode | null>(null);
  const [doomed, setDoomed] = useState<Commitment | null>(null);
  const [declining, setDeclining] = useState<Commitment | null>(null);
  const [move] = useMoveCommitmentMutation();
  const [accept, accepting] = useAcceptCommitmentMutation();
  const [remove, removing] = useDeleteCommitmentMutation();
  const one = (commitment: Commitment) => ({
    projectId: project.id,
    commitmentId: commitment.id,
  });

  const ownsSuggestion = (commitment: Commitment) =>
    commitment.state === 'suggested' && user !== undefined && commitment.owner.id === user.id;

  const buttons =
    mayEdit || maySuggest ? (
      <ButtonRow>
        {mayEdit && (
          <Button variant="primary" icon={Plus} onClick={() => setDialog('add')}>
            Add commitment
          </Button>
        )}
        {maySuggest && (
          <Button icon={Lightbulb} onClick={() => setDialog('suggest')}>
            Suggest a commitment
          </Button>
        )}
      </ButtonRow>
    ) : null;

  const moveTo = (commitment: Commitment, state: CommitmentWorkState) =>
    void move({ ...one(commitment), state })
      .unwrap()
      .then(() =>
        notify.success(`“${commitment.title}” is ${COMMITMENT_STATE_LABELS[state].toLowerCase()}.`),
      )
      .catch(() => undefined);

  const acceptOne = (commitment: Commitment) =>
    void accept(one(commitment))
      .unwrap()
      .then(() => notify.success(COMMITMENT_MESSAGES.accepted))
      .catch(() => undefined);

  const menuOf = (commitment: Commitment): MenuEntry[] => [
    { label: 'Change…', icon: Pencil, onSelect: () => setDialog(commitment) },
    ...(commitment.state === 'suggested'
      ? []
      : COMMITMENT_WORK_STATES.filter((state) => state !== commitment.state).map((state) => ({
          label: MOVE_LABELS[state],
          icon: state === 'done' ? Check : undefined,
          onSelect: () => moveTo(commitment, state),
        }))),
    { label: 'Delete…', icon: Trash2, danger: true, onSelect: () => setDoomed(commitment) },
  ];

  const content = (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the commitments…', rows: 5, columns: 5 } }}
      failed="The commitments could not be loaded"
      isEmpty={(list) => list.length === 0}
      empty={
        <EmptyState title="No security commitments yet" actions={buttons}>
          <p>
            What the project promises to do for security shows here, with its owner and due date.
          </p>
        </EmptyState>
      }
    >
      {(data) => {
        const waiting = data.filter(ownsSuggestion).length;
        const anyActions = mayEdit || data.some(ownsSuggestion);
        return (
          <>
            <Toolbar>
              <p className="muted">
                {data.length === 1 ? '1 commitment' : `${data.length} commitments`}, by due date
              </p>
              {buttons}
            </Toolbar>
            {waiting > 0 && (
              <p className={styles.waiting}>
                {waiting === 1
                  ? '1 suggestion waits for your answer:'
                  : `${waiting} suggestions wait for your answer:`}{' '}
                accept it to open it, or decline it with a reason.
              </p>
            )}
            <DataTable
              caption={`Security commitments of ${project.name}`}
              busy={isFetching}
              columns={withActions(
                COMMITMENT_COLUMNS,
                anyActions &&
                  ((commitment) => (
                    <RowActions
                      of={`“${commitment.title}”`}
                      items={mayEdit ? menuOf(commitment) : []}
                    >
                      {ownsSuggestion(commitment) && (
                        <>
                          <Button
                            size="sm"
                            busy={accepting.isLoading}
                            onClick={() => acceptOne(commitment)}
                          >
                            Accept <span className="visually-hidden">“{commitment.title}”</span>
                          </Button>
                          <Button size="sm" onClick={() => setDeclining(commitment)}>
                            Decline… <span className="visually-hidden">“{commitment.title}”</span>
                          </Button>
                        </>
                      )}
                    </RowActions>
                  )),
              )}
              rows={data}
              rowKey={(commitment) => commitment.id}
            />
          </>
        );
      }}
    </AsyncContent>
  );

  return (
    <Stack>
      {content}
      {dialog !== null && (
        <CommitmentDialog projectId={project.id} mode={dialog} onClose={() => setDialog(null)} />
      )}
      {declining && (
        <DeclineDialog
          projectId={project.id}
          commitment={declining}
          onClose={() => setDeclining(null)}
        />
      )}
      <DeleteDialog
        target={doomed}
        title={doomed ? `Delete “${doomed.title}”?` : ''}
        busy={removing.isLoading}
        onClose={() => setDoomed(null)}
        onDelete={async (commitment) => {
          await remove(one(commitment)).unwrap();
          notify.success(COMMITMENT_MESSAGES.deleted);
        }}
      >
        <p>The commitment is removed for good; the card’s History keeps a note of it.</p>
      </DeleteDialog>
    </Stack>
  );
}

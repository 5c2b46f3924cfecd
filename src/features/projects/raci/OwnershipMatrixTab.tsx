import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime, personLabel } from '../../../api/contract/display';
import {
  RACI_EDIT_FLAG,
  RACI_FUNCTION_LABELS,
  RACI_FUNCTIONS,
  RACI_SNAPSHOT_FLAG,
  RACI_STATUS_LABELS,
  RACI_VALIDATE_FLAG,
  RACI_VIEW_FLAG,
  type RaciActivityCode,
  type RaciCell,
  type RaciFunction,
  type RaciMatrix,
} from '../../../api/contract/raci';
import { notify } from '../../../shared/lib/toasts';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { useUnsavedChangesGuard } from '../../../shared/ui/form/useUnsavedChangesGuard';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { Tabs } from '../../../shared/ui/Tabs';
import type { CardTabProps } from '../card/cardTab';
import {
  useGetRaciMatrixQuery,
  useGetRaciSnapshotQuery,
  useSaveRaciMatrixMutation,
  useValidateRaciMatrixMutation,
  type RaciMatrixArg,
} from './api';
import {
  changedCells,
  putBodyOf,
  refusalOf,
  rowsOf,
  ruleProblems,
  ruleRefusal,
  type RaciRefusal,
  type RaciRows,
} from './matrix';
import { cellId, MatrixTable, RaciLegend } from './MatrixTable';
import styles from './Raci.module.css';

/** The query parameter of the function shown: `/projects/1/ownership-matrix?function=qmo`. */
export const FUNCTION_PARAM = 'function';

const NO_REFUSAL: RaciRefusal = { byActivity: {}, general: [] };

/**
 * The Ownership matrix tab: one RACI matrix per delivery function, each in its own sub-tab shown
 * with its view flag. With CAN_EDIT_RACI_MATRIX every cell is a select and the whole matrix is
 * saved at once; CAN_VALIDATE_RACI_MATRIX validates it; CAN_VIEW_RACI_SNAPSHOT shows the last
 * validated version. Exactly one A per activity, checked here before the server checks it again.
 */
export default function OwnershipMatrixTab({ project, permissions }: CardTabProps) {
  const functions = RACI_FUNCTIONS.filter((fn) => permissions.includes(RACI_VIEW_FLAG[fn]));
  const [params, setParams] = useSearchParams();
  const asked = params.get(FUNCTION_PARAM);
  const selected = functions.find((fn) => fn === asked) ?? functions[0];
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<RaciFunction | null>(null);

  if (!selected)
    return (
      <EmptyState title="No function’s matrix is open to you" titleLevel={3}>
        <p>Each function’s matrix (PMO, SLA, QMO, Security…) needs its own permission to view.</p>
      </EmptyState>
    );

  const show = (fn: RaciFunction) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(FUNCTION_PARAM, fn);
        return next;
      },
      // Switching functions is not a page of its own: Back leaves the tab, after the guard asks.
      { replace: true },
    );
  const label = RACI_FUNCTION_LABELS[selected];

  return (
    <>
      <Tabs
        label="Functions"
        manual
        tabs={functions.map((fn) => ({ id: fn, label: RACI_FUNCTION_LABELS[fn] }))}
        selected={selected}
        onSelect={(fn) => {
          if (fn === selected) return;
          if (dirty) setPending(fn);
          else show(fn);
        }}
      >
        <FunctionMatrix
          key={selected}
          arg={{ projectId: project.id, fn: selected }}
          projectName={project.name}
          permissions={permissions}
          onDirtyChange={setDirty}
        />
      </Tabs>
      <ConfirmDialog
        open={pending !== null}
        title={`Leave the ${label} matrix without saving?`}
        confirmLabel="Discard changes"
        cancelLabel="Stay"
        destructive
        onConfirm={() => {
          setDirty(false);
          if (pending) show(pending);
          setPending(null);
        }}
        onCancel={() => setPending(null)}
      >
        <p>What you changed in the {label} matrix is not saved yet and will be lost.</p>
      </ConfirmDialog>
    </>
  );
}

function FunctionMatrix({
  arg,
  projectName,
  permissions,
  onDirtyChange,
}: {
  arg: RaciMatrixArg;
  projectName: string;
  permissions: readonly string[];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { data, error, isLoading, isError, refetch } = useGetRaciMatrixQuery(arg);
  const label = RACI_FUNCTION_LABELS[arg.fn];
  const [showSnapshot, setShowSnapshot] = useState(false);
  const mayViewSnapshot = permissions.includes(RACI_SNAPSHOT_FLAG);

  return (
    <AsyncContent
      query={{ data, error, isLoading, isError, refetch }}
      loading={{ skeleton: { label: `Loading the ${label} matrix…`, rows: 8, columns: 8 } }}
      failed={`The ${label} matrix could not be loaded`}
      failedLevel={3}
      whenError={(status) =>
        status === 403 ? (
          <EmptyState title={`The ${label} matrix is not open to you`} titleLevel={3}>
            <p>Viewing it needs its own permission.</p>
          </EmptyState>
        ) : undefined
      }
    >
      {(data) => (
        <div className={styles.stack}>
          <div className={styles.toolbar}>
            <MatrixStatus matrix={data} />
            {mayViewSnapshot && (
              <Button
                size="sm"
                aria-pressed={showSnapshot}
                onClick={() => setShowSnapshot((shown) => !shown)}
              >
                Last validated version
              </Button>
            )}
          </div>
          {/* The editor stays mounted under the snapshot, so nothing changed is lost by a look. */}
          <div hidden={showSnapshot} className={showSnapshot ? undefined : styles.stack}>
            <MatrixEditor
              arg={arg}
              matrix={data}
              projectName={projectName}
              permissions={permissions}
              onDirtyChange={onDirtyChange}
            />
          </div>
          {showSnapshot && <SnapshotView arg={arg} projectName={projectName} />}
        </div>
      )}
    </AsyncContent>
  );
}

/** 'Validated' or 'Draft', who validated and when, who saved last. */
function MatrixStatus({ matrix }: { matrix: RaciMatrix }) {
  const validated = matrix.status === 'validated';
  return (
    <div className={styles.status}>
      <p>
        <Badge tone={validated ? 'success' : 'warning'}>{RACI_STATUS_LABELS[matrix.status]}</Badge>{' '}
        {validated && matrix.validated_by && matrix.validated_at
          ? `Validated by ${personLabel(matrix.validated_by)} on ${formatDateTime(matrix.validated_at)}`
          : matrix.has_snapshot
            ? 'Changed since its last validation'
            : 'Never validated'}
      </p>
      {matrix.updated_by && matrix.updated_at && (
        <p className="muted">
          Last saved by {personLabel(matrix.updated_by)} on {formatDateTime(matrix.updated_at)}
        </p>
      )}
    </div>
  );
}

function MatrixEditor({
  arg,
  matrix,
  projectName,
  permissions,
  onDirtyChange,
}: {
  arg: RaciMatrixArg;
  matrix: RaciMatrix;
  projectName: string;
  permissions: readonly string[];
  onDirtyChange: (dirty: boolean) => void;
}) {
  const label = RACI_FUNCTION_LABELS[arg.fn];
  const mayEdit = permissions.includes(RACI_EDIT_FLAG);
  const mayValidate = permissions.includes(RACI_VALIDATE_FLAG);
  const [edits, setEdits] = useState<RaciRows | null>(null);
  const [refusal, setRefusal] = useState<RaciRefusal>(NO_REFUSAL);
  const [save, saving] = useSaveRaciMatrixMutation();
  const [validate, validating] = useValidateRaciMatrixMutation();
  // Validating replaces the last validated version: asked first (issue 33).
  const [askingToValidate, setAskingToValidate] = useState(false);
  const frame = useRef<HTMLDivElement>(null);

  const rows = useMemo(() => edits ?? rowsOf(matrix.activities), [edits, matrix.activities]);
  const changed = edits ? changedCells(matrix.activities, edits) : 0;
  const dirty = changed > 0;
  const problems = ruleProblems(matrix.activities, rows);
  const { dialog } = useUnsavedChangesGuard(dirty, {
    text: `What you changed in the ${label} matrix is not saved yet and will be lost.`,
  });
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // The rule's message on every row that breaks it; the server's own beside it when it differs.
  const messages = new Map<string, string[]>();
  for (const [code, problem] of problems) messages.set(code, [problem]);
  for (const [code, said] of Object.entries(refusal.byActivity)) {
    const shown = messages.get(code) ?? [];
    messages.set(code, [...shown, ...said.filter((message) => !shown.includes(message))]);
  }

  const focusFirstProblem = (codes: Iterable<string>) => {
    const atFault = new Set(codes);
    const first = matrix.activities.find((activity) => atFault.has(activity.code));
    const role = matrix.roles[0];
    if (!first || !role) return;
    const target = frame.current?.querySelector<HTMLElement>(
      `#${CSS.escape(cellId(arg.fn, first.code, role.id))}`,
    );
    target?.focus();
  };

  const change = (code: RaciActivityCode, roleId: string, cell: RaciCell) => {
    setEdits({ ...rows, [code]: { ...rows[code], [roleId]: cell } });
    // The server's word on a row no longer holds once the row changes.
    if (refusal.byActivity[code] || refusal.general.length > 0) {
      const { [code]: _gone, ...rest } = refusal.byActivity;
      setRefusal({ byActivity: rest, general: [] });
    }
  };

  const submit = async () => {
    if (problems.size > 0) {
      setRefusal({ byActivity: {}, general: [ruleRefusal(problems.size, 'saving')] });
      focusFirstProblem(problems.keys());
      return;
    }
    setRefusal(NO_REFUSAL);
    const wasValidated = matrix.status === 'validated';
    try {
      await save({ ...arg, ...putBodyOf(rows) }).unwrap();
      setEdits(null);
      notify.success(
        wasValidated
          ? `The ${label} matrix has been saved. It is a draft again until it is validated.`
          : `The ${label} matrix has been saved.`,
      );
    } catch (error) {
      const refused = refusalOf(error);
      setRefusal(refused);
      focusFirstProblem(Object.keys(refused.byActivity));
    }
  };

  const runValidation = async () => {
    if (problems.size > 0) {
      setRefusal({ byActivity: {}, general: [ruleRefusal(problems.size, 'validating')] });
      focusFirstProblem(problems.keys());
      return;
    }
    setRefusal(NO_REFUSAL);
    try {
      await validate(arg).unwrap();
      notify.success(`The ${label} matrix has been validated.`);
    } catch (error) {
      const refused = refusalOf(error, 'The matrix could not be validated. Try again.');
      setRefusal(refused);
      focusFirstProblem(Object.keys(refused.byActivity));
    }
  };

  const busy = saving.isLoading || validating.isLoading;
  const showValidate = mayValidate && matrix.status === 'draft';
  return (
    <>
      <RaciLegend />
      {problems.size > 0 && (
        <p className={styles.ruleNote}>
          {problems.size === 1
            ? '1 activity breaks the rule'
            : `${problems.size} activities break the rule`}
          : exactly one A (accountable) per activity.
        </p>
      )}
      <div ref={frame}>
        <MatrixTable
          fn={arg.fn}
          caption={`${label} ownership matrix of ${projectName}`}
          roles={matrix.roles}
          activities={matrix.activities}
          rows={rows}
          problems={messages}
          {...(mayEdit ? { onChange: change } : {})}
        />
      </div>
      {refusal.general.length > 0 && (
        <div role="alert" className={styles.alert}>
          {refusal.general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
      {(mayEdit || showValidate) && (
        <div className={styles.actions}>
          {mayEdit && (
            <>
              <Button
                variant="primary"
                disabled={!dirty || validating.isLoading}
                busy={saving.isLoading}
                busyLabel="Saving…"
                onClick={() => void submit()}
              >
                Save changes
              </Button>
              <Button
                disabled={!dirty || busy}
                onClick={() => {
                  setEdits(null);
                  setRefusal(NO_REFUSAL);
                }}
              >
                Discard changes
              </Button>
              {dirty && (
                <span className="muted">
                  {changed === 1 ? '1 cell changed' : `${changed} cells changed`}
                </span>
              )}
            </>
          )}
          {showValidate && (
            <>
              <Button
                disabled={dirty || saving.isLoading}
                busy={validating.isLoading}
                busyLabel="Validating…"
                onClick={() => {
                  // A matrix that breaks the rule is refused at once, with nothing to confirm.
                  if (problems.size > 0) void runValidation();
                  else setAskingToValidate(true);
                }}
              >
                Validate
              </Button>
              {dirty && <span className="muted">Save the changes before validating.</span>}
            </>
          )}
        </div>
      )}
      <ConfirmDialog
        open={askingToValidate}
        title={`Validate the ${label} matrix of ${projectName}?`}
        confirmLabel="Validate matrix"
        busyLabel="Validating…"
        busy={validating.isLoading}
        onCancel={() => setAskingToValidate(false)}
        onConfirm={() => void runValidation().finally(() => setAskingToValidate(false))}
      >
        <p>
          {matrix.has_snapshot
            ? 'The matrix as it is now becomes its last validated version, in place of the one validated before, which is not kept.'
            : 'The matrix as it is now becomes its first validated version.'}
        </p>
      </ConfirmDialog>
      {dialog}
    </>
  );
}

/** The last validated version of the function's matrix, read-only. */
function SnapshotView({ arg, projectName }: { arg: RaciMatrixArg; projectName: string }) {
  const label = RACI_FUNCTION_LABELS[arg.fn];
  const { data, error, isLoading, isError, refetch } = useGetRaciSnapshotQuery(arg);
  return (
    <section className={styles.snapshot} aria-labelledby={`raci-${arg.fn}-snapshot-title`}>
      <h3 id={`raci-${arg.fn}-snapshot-title`}>Last validated version</h3>
      <AsyncContent
        query={{ data, error, isLoading, isError, refetch }}
        loading={{
          skeleton: { label: 'Loading the last validated version…', rows: 6, columns: 8 },
        }}
        failed="The last validated version could not be loaded"
        failedLevel={3}
        whenError={(status) =>
          status === 404 ? (
            <EmptyState title="Never validated" titleLevel={3}>
              <p>
                The {label} matrix of this project has not been validated yet. Its last validated
                version shows here once it is.
              </p>
            </EmptyState>
          ) : undefined
        }
      >
        {(data) => (
          <>
            <p>
              Validated by {personLabel(data.validated_by)} on {formatDateTime(data.validated_at)}
            </p>
            <MatrixTable
              fn={arg.fn}
              caption={`${label} ownership matrix of ${projectName}, last validated version`}
              roles={data.roles}
              activities={data.activities}
            />
          </>
        )}
      </AsyncContent>
    </section>
  );
}

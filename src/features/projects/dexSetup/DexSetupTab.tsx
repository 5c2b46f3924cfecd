import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useWatch, type FieldErrors } from 'react-hook-form';
import { formatDate, formatDateTime, personLabel } from '../../../api/contract/display';
import {
  ASK_STATE_LABELS,
  DEX_AREA_LABELS,
  DEX_AREAS,
  DEX_EDIT_FLAG,
  DEX_PRACTICES,
  formatMonth,
  type DexAskedItem,
  type DexIssuedChecklist,
  type DexPractice,
  type DexPracticeCode,
  type DexSetup,
} from '../../../api/contract/dexSetup';
import { notify } from '../../../shared/lib/toasts';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { plural } from '../../../shared/ui/ListCount';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { Field } from '../../../shared/ui/form/Field';
import { FormAlert } from '../../../shared/ui/form/Form';
import { PersonField } from '../../../shared/ui/form/PersonField';
import { useUnsavedChangesGuard } from '../../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { useSearchUsersQuery } from '../../checks/api';
import type { CardTabProps } from '../card/cardTab';
import {
  ButtonRow,
  Panel,
  PanelGrid,
  PlainList,
  Stack,
  layoutClass,
} from '../../../shared/ui/Layout';
import { useGetDexSetupQuery, useSaveDexSetupMutation } from './api';
import {
  applyDexErrors,
  bodyOf,
  dexSchema,
  monthChoices,
  valuesOf,
  type DexValues,
} from './dexForm';
import styles from './dexSetup.module.css';

export const DEX_SAVED = 'The DEX set up has been saved.';

const ASK_KINDS = [
  ['check', 'Checks', 'check'],
  ['target', 'Targets', 'target'],
  ['checklist', 'Checklists', 'checklist'],
] as const;

/** "Checklist Project kick-off issued to Omar Haddad (ohaddad), due 12/31/2026." */
export const issuedLine = (issued: DexIssuedChecklist) =>
  `Checklist ${issued.template_name} issued to ${personLabel(issued.assignee)}, due ${formatDate(issued.due_date)}.`;

/** The practices' indexes by area, in the catalogue's order. */
function byArea(practices: readonly { code: DexPractice['code'] }[]) {
  return DEX_AREAS.map((area) => ({
    area,
    indexes: practices
      .map((practice, index) => ({ practice, index }))
      .filter(({ practice }) => DEX_PRACTICES[practice.code].area === area)
      .map(({ index }) => index),
  })).filter(({ indexes }) => indexes.length > 0);
}

/**
 * The DEX set up tab: which delivery-excellence practices apply to the project, each in or out of
 * scope with a reason, an owner and a start month, and what that scope asks the project for (its
 * checks, targets and checklists, each in place or missing, computed by the server from the
 * project's records). With CAN_EDIT_DEX_SCOPE_SETUP the table is one form, saved at once;
 * without it the tab reads the same table.
 */
export default function DexSetupTab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, refetch } = useGetDexSetupQuery(project.id);
  const mayEdit = permissions.includes(DEX_EDIT_FLAG);
  // What the last save here issued: the form remounts on the saved setup, so it is held here.
  const [issued, setIssued] = useState<readonly DexIssuedChecklist[]>([]);

  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the DEX set up…', rows: 8, columns: 5 } }}
      failed="The DEX set up could not be loaded"
    >
      {(data) => (
        <Stack>
          <p className="muted">
            {data.configured && data.updated_by && data.updated_at
              ? `Saved by ${personLabel(data.updated_by)} on ${formatDateTime(data.updated_at)}.`
              : 'No DEX set up has been saved for this project yet: the catalogue’s defaults apply.'}
            {!mayEdit && ' Read-only for you.'}
          </p>
          <AskedFor items={data.asked_for} issued={issued} />
          {mayEdit ? (
            <ScopeForm
              key={data.updated_at ?? 'defaults'}
              projectId={project.id}
              projectName={project.name}
              setup={data}
              onSaved={setIssued}
            />
          ) : (
            <ScopeTable projectName={project.name} setup={data} />
          )}
        </Stack>
      )}
    </AsyncContent>
  );
}

/**
 * What the scope asks the project for, grouped by kind, each in place or missing; above them,
 * the checklists the last save issued.
 */
function AskedFor({
  items,
  issued,
}: {
  items: readonly DexAskedItem[];
  issued: readonly DexIssuedChecklist[];
}) {
  const missing = items.filter((item) => item.state === 'missing').length;
  return (
    <Panel aria-labelledby="dex-asked-title">
      <h3 id="dex-asked-title">What the scope asks the project for</h3>
      <div role="status">
        {issued.length > 0 && (
          <ul className={styles.issued} aria-label="Issued by the last save">
            {issued.map((checklist) => (
              <li key={checklist.id}>{issuedLine(checklist)}</li>
            ))}
          </ul>
        )}
      </div>
      {items.length === 0 ? (
        <p className="muted">No check, target or checklist: every such practice is out of scope.</p>
      ) : (
        <>
          <p className={styles.summary}>
            {ASK_KINDS.map(([kind, , noun]) =>
              plural(items.filter((item) => item.kind === kind).length, noun, `${noun}s`),
            ).join(', ')}
            ; {missing === 0 ? 'all in place.' : `${missing} missing.`}
          </p>
          <PanelGrid>
            {ASK_KINDS.map(([kind, label]) => {
              const ofKind = items.filter((item) => item.kind === kind);
              return (
                <div key={kind}>
                  <h4 className={styles.kind}>{label}</h4>
                  {ofKind.length === 0 ? (
                    <p className="muted">None asked for.</p>
                  ) : (
                    <PlainList aria-label={`${label} asked for`}>
                      {ofKind.map((item) => (
                        <li key={item.code} className={styles.asked}>
                          <span className={styles.askedHead}>
                            <span>{item.label}</span>
                            <Badge tone={item.state === 'in_place' ? 'success' : 'warning'}>
                              {ASK_STATE_LABELS[item.state]}
                            </Badge>
                          </span>
                          <span className={styles.detail}>{item.detail}</span>
                        </li>
                      ))}
                    </PlainList>
                  )}
                </div>
              );
            })}
          </PanelGrid>
        </>
      )}
    </Panel>
  );
}

/** A group of practices: its area's name. */
const areaLabel = (area: string) => DEX_AREA_LABELS[area as (typeof DEX_AREAS)[number]];

/**
 * The scope's columns, read-only or as fields (`editing`): the practice (the row's header), in
 * scope, reason, owner and the month it starts.
 */
function scopeColumns<Row>(cells: {
  code: (row: Row) => DexPracticeCode;
  inScope: (row: Row) => ReactNode;
  reason: (row: Row) => ReactNode;
  owner: (row: Row) => ReactNode;
  starts: (row: Row) => ReactNode;
  editing?: boolean;
}): Column<Row>[] {
  return [
    {
      id: 'practice',
      header: 'Practice',
      rowHeader: true,
      className: styles.practice,
      cell: (row) => DEX_PRACTICES[cells.code(row)].label,
    },
    { id: 'in_scope', header: 'In scope', cell: cells.inScope },
    {
      id: 'reason',
      header: 'Reason',
      className: cells.editing ? styles.reasonCell : styles.reason,
      cell: cells.reason,
    },
    {
      id: 'owner',
      header: 'Owner',
      className: cells.editing ? styles.ownerCell : undefined,
      cell: cells.owner,
    },
    { id: 'starts', header: 'Starts', kind: 'date', cell: cells.starts },
  ];
}

/** The scope, read-only. */
function ScopeTable({ projectName, setup }: { projectName: string; setup: DexSetup }) {
  return (
    <DataTable
      caption={`DEX scope of ${projectName}`}
      columns={scopeColumns<DexSetup['practices'][number]>({
        code: (practice) => practice.code,
        inScope: (practice) => (
          <Badge tone={practice.in_scope ? 'success' : 'neutral'}>
            {practice.in_scope ? 'In scope' : 'Out of scope'}
          </Badge>
        ),
        reason: (practice) => practice.reason || '—',
        owner: (practice) => (practice.owner ? personLabel(practice.owner) : '—'),
        starts: (practice) => (practice.start_period ? formatMonth(practice.start_period) : '—'),
      })}
      rows={byArea(setup.practices).flatMap(({ indexes }) =>
        indexes.map((index) => setup.practices[index]!),
      )}
      rowKey={(practice) => practice.code}
      groupOf={(practice) => DEX_PRACTICES[practice.code].area}
      groupLabel={areaLabel}
    />
  );
}

/** The scope as one form: every row's fields, saved together with one PUT. */
function ScopeForm({
  projectId,
  projectName,
  setup,
  onSaved,
}: {
  projectId: number;
  projectName: string;
  setup: DexSetup;
  /** Told the checklists a save issued (none: an empty list). */
  onSaved: (issued: readonly DexIssuedChecklist[]) => void;
}) {
  const defaults = useMemo(() => valuesOf(setup), [setup]);
  const form = useZodForm(dexSchema, { defaultValues: defaults });
  const [save] = useSaveDexSetupMutation();
  const { isDirty, isSubmitting } = form.formState;
  const { dialog } = useUnsavedChangesGuard(isDirty);
  // Only the in-scope boxes change the rows' controls: typing a reason re-renders no row.
  const inScope = useWatch({
    control: form.control,
    name: defaults.rows.map((_, index) => `rows.${index}.in_scope` as const),
  });
  const months = useMemo(
    () =>
      monthChoices(
        new Date(),
        defaults.rows.map((row) => row.start_period),
      ),
    [defaults],
  );
  const labelOf = (index: number) => DEX_PRACTICES[defaults.rows[index]!.code].label;
  const isIn = (index: number) => inScope[index] ?? defaults.rows[index]!.in_scope;

  const submit = async (values: DexValues) => {
    try {
      const saved = await save({ projectId, setup: bodyOf(values) }).unwrap();
      onSaved(saved.issued_checklists);
      notify.success(DEX_SAVED);
      // The saved setup comes back through the query, which remounts the form on it.
      form.reset(values);
    } catch (error) {
      applyDexErrors(error, form.setError);
    }
  };

  /** The first field in error, row by row: the resolver's errors, not yet in formState. */
  const focusFirstError = (errors: FieldErrors<DexValues>) => {
    const rowErrors = errors.rows;
    if (!Array.isArray(rowErrors)) return;
    const index = rowErrors.findIndex(Boolean);
    const row = rowErrors[index] as Record<string, unknown> | undefined;
    const field = (['reason', 'owner', 'start_period'] as const).find((name) => row?.[name]);
    if (field) form.setFocus(`rows.${index}.${field}`);
  };

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="DEX scope"
        className={layoutClass.stack}
        onSubmit={(event) => void form.handleSubmit(submit, focusFirstError)(event)}
      >
        <FormAlert />
        <p className="muted">
          A reason is needed for a practice out of scope, or in scope when it is out by default. A
          practice in scope names its owner and the month it starts.
        </p>
        <DataTable
          caption={`DEX scope of ${projectName}`}
          columns={scopeColumns<{ index: number }>({
            code: ({ index }) => defaults.rows[index]!.code,
            inScope: ({ index }) => (
              <label className={styles.check}>
                <input
                  type="checkbox"
                  aria-label={`In scope: ${labelOf(index)}`}
                  {...form.register(`rows.${index}.in_scope`)}
                />
                <span aria-hidden="true">In scope</span>
              </label>
            ),
            reason: ({ index }) => (
              <Field name={`rows.${index}.reason`}>
                <textarea
                  rows={3}
                  aria-label={`Reason: ${labelOf(index)}`}
                  {...form.register(`rows.${index}.reason`)}
                />
              </Field>
            ),
            owner: ({ index }) =>
              isIn(index) ? (
                <PersonField<DexValues>
                  name={`rows.${index}.owner`}
                  label={`Owner: ${labelOf(index)}`}
                  useSearch={useSearchUsersQuery}
                  required
                />
              ) : (
                <span className="muted">—</span>
              ),
            starts: ({ index }) =>
              isIn(index) ? (
                <Field name={`rows.${index}.start_period`}>
                  <select
                    aria-label={`Starts: ${labelOf(index)}`}
                    {...form.register(`rows.${index}.start_period`)}
                  >
                    <option value="">Pick a month</option>
                    {months.map((month) => (
                      <option key={month} value={month}>
                        {formatMonth(month)}
                      </option>
                    ))}
                  </select>
                </Field>
              ) : (
                <span className="muted">—</span>
              ),
            editing: true,
          })}
          rows={byArea(defaults.rows).flatMap(({ indexes }) => indexes.map((index) => ({ index })))}
          rowKey={({ index }) => defaults.rows[index]!.code}
          groupOf={({ index }) => DEX_PRACTICES[defaults.rows[index]!.code].area}
          groupLabel={areaLabel}
        />
        <ButtonRow>
          <Button type="submit" variant="primary" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save the scope'}
          </Button>
          <Button
            type="button"
            disabled={!isDirty || isSubmitting}
            onClick={() => form.reset(defaults)}
          >
            Discard changes
          </Button>
        </ButtonRow>
        {dialog}
      </form>
    </FormProvider>
  );
}

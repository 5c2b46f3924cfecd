import { ClipboardCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { formatDate, personLabel } from '../../../api/contract/display';
import {
  ISO_ALL_STATES,
  ISO_CLAUSES,
  ISO_EDIT_FLAG,
  ISO_STATE_LABELS,
  isoReadiness,
  type IsoAssessment,
  type IsoReadiness,
  type IsoRequirement,
  type IsoState,
} from '../../../api/contract/iso9001';
import { downloadBlob } from '../../../shared/lib/download';
import { clearing, oneOf, useUrlParams } from '../../../shared/lib/searchParams';
import { notify } from '../../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { ListCount, plural } from '../../../shared/ui/ListCount';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { NoMatch } from '../../../shared/ui/EmptyState';
import { SelectFilters, type SelectFilterSpec } from '../../../shared/ui/FilterField';
import { FilterPanel, selectFiltersInForce } from '../../../shared/ui/FilterPanel';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { DataLink } from '../../../shared/ui/DataLink';
import { safeHref } from '../../../shared/lib/safeHref';
import type { CardTabProps } from '../card/cardTab';
import { Stack, Toolbar, layoutClass } from '../../../shared/ui/Layout';
import { useGetIsoAssessmentsQuery } from './api';
import { AssessmentDialog } from './AssessmentDialog';
import { buildIsoWorkbook } from './isoWorkbook';
import styles from './iso9001.module.css';
import { todayIso } from '../../../shared/lib/today';

export const STATE_TONES: Record<IsoState, BadgeTone> = {
  compliant: 'success',
  partly: 'warning',
  not_compliant: 'danger',
  not_applicable: 'neutral',
  not_assessed: 'info',
};

/** The state filter: a state, or the requirements whose review is overdue. */
export const OVERDUE = 'overdue';
const STATE_FILTERS = [...ISO_ALL_STATES, OVERDUE] as const;
const STATE_FILTER_LABELS: Record<string, string> = {
  ...ISO_STATE_LABELS,
  [OVERDUE]: 'Review overdue',
};
const STATE_SELECT: SelectFilterSpec<'state'>[] = [
  {
    param: 'state',
    label: 'State',
    anyLabel: 'Any state',
    options: STATE_FILTERS,
    labels: STATE_FILTER_LABELS,
  },
];

/** The rows the state filter keeps. */
export function filterAssessments(rows: readonly IsoAssessment[], state: string): IsoAssessment[] {
  if (!state) return [...rows];
  return rows.filter((row) => (state === OVERDUE ? row.review_overdue : row.state === state));
}

const percentText = (readiness: IsoReadiness) =>
  readiness.percent === null ? '—' : `${readiness.percent}%`;

type Readiness = ReturnType<typeof isoReadiness>;

/** The readiness table's columns: a clause, its count in each state, its share and overdue reviews; totals below. */
function readinessColumns(
  overall: Readiness,
): Column<{ clause: (typeof ISO_CLAUSES)[number]; readiness: Readiness }>[] {
  return [
    {
      id: 'clause',
      header: 'Clause',
      rowHeader: true,
      className: styles.clauseHead,
      cell: ({ clause }) => `${clause.number} ${clause.title}`,
      footer: 'All clauses',
    },
    ...ISO_ALL_STATES.map((state) => ({
      id: state,
      header: ISO_STATE_LABELS[state],
      kind: 'number' as const,
      className: styles.numberHead,
      cell: ({ readiness }: { readiness: Readiness }) => readiness.counts[state],
      footer: overall.counts[state],
    })),
    {
      id: 'compliantShare',
      header: 'Compliant of applicable',
      kind: 'number',
      className: styles.numberHead,
      cell: ({ readiness }) => percentText(readiness),
      footer: percentText(overall),
    },
    {
      id: 'overdue',
      header: 'Overdue reviews',
      kind: 'number',
      className: styles.numberHead,
      cell: ({ readiness }) => readiness.overdue,
      footer: overall.overdue,
    },
  ];
}

/**
 * The ISO 9001 Compliance tab: clauses 4 to 10 with their requirements, each assessed for the
 * project (state, evidence, responsible person, review date, note). The readiness by clause sits
 * at the top; each clause is a group that opens; the state filter lives in the URL; Export to
 * Excel builds the readiness sheet for an auditor. With CAN_EDIT_PROJECT_CARD each requirement is
 * assessed in a dialog; without it the tab is read-only.
 */
export default function Iso9001Tab({ project, permissions }: CardTabProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetIsoAssessmentsQuery(project.id);
  const mayEdit = permissions.includes(ISO_EDIT_FLAG);
  const { params, update } = useUrlParams();
  const stateFilter = oneOf(STATE_FILTERS, params.get('state')) ?? '';
  const [assessing, setAssessing] = useState<IsoRequirement | null>(null);
  const [exporting, setExporting] = useState(false);

  const exportSheet = async (rows: readonly IsoAssessment[]) => {
    setExporting(true);
    try {
      const file = await buildIsoWorkbook(project.name, rows);
      downloadBlob(file, `iso-9001-readiness-project-${project.id}-${todayIso()}.xlsx`);
    } catch {
      notify.warning('The Excel file could not be built. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <AsyncContent
      query={{ data, isLoading, isError, refetch }}
      loading={{ skeleton: { label: 'Loading the ISO 9001 assessment…', rows: 8, columns: 8 } }}
      failed="The ISO 9001 assessment could not be loaded"
    >
      {(data) => {
        const byRequirement = new Map(data.map((row) => [row.requirement, row]));
        const clauseRows = (requirements: readonly IsoRequirement[]) =>
          requirements.flatMap((requirement) => byRequirement.get(requirement.id) ?? []);
        const overall = isoReadiness(data);
        const shown = filterAssessments(data, stateFilter);
        const shownIds = new Set(shown.map((row) => row.requirement));
        const current = assessing && byRequirement.get(assessing.id);

        return (
          <Stack>
            <section className={styles.summary} aria-labelledby="iso-readiness-title">
              <Toolbar>
                <h3 id="iso-readiness-title" className={styles.summaryTitle}>
                  Readiness by clause
                </h3>
                <p className={styles.overall}>
                  <strong>{percentText(overall)}</strong> compliant of applicable requirements (
                  {overall.counts.compliant} of {overall.applicable})
                  {overall.overdue > 0 && (
                    <>
                      {' · '}
                      <Badge tone="danger">
                        {plural(overall.overdue, 'review overdue', 'reviews overdue')}
                      </Badge>
                    </>
                  )}
                </p>
              </Toolbar>
              <DataTable
                caption={`ISO 9001 readiness of ${project.name} by clause`}
                busy={isFetching}
                compact
                columns={readinessColumns(overall)}
                rows={ISO_CLAUSES.map((clause) => ({
                  clause,
                  readiness: isoReadiness(clauseRows(clause.requirements)),
                }))}
                rowKey={(row) => row.clause.number}
              />
            </section>

            <FilterPanel
              className={layoutClass.filters}
              label="Filter the requirements"
              resetLabel="Reset filter"
              canReset={stateFilter !== ''}
              onReset={() => update(clearing(['state']))}
              active={selectFiltersInForce(STATE_SELECT, { state: stateFilter })}
              onChange={update}
            >
              <SelectFilters
                idPrefix="iso"
                filters={STATE_SELECT}
                values={{ state: stateFilter }}
                onChange={update}
              />
            </FilterPanel>
            <Toolbar>
              <ListCount
                shown={shown.length}
                total={data.length}
                one="requirement"
                many="requirements"
              >
                {!mayEdit && ' · read-only for you'}
              </ListCount>
              <Button icon={Download} disabled={exporting} onClick={() => void exportSheet(data)}>
                {exporting ? 'Exporting…' : 'Export to Excel'}
              </Button>
            </Toolbar>

            {shown.length === 0 ? (
              <NoMatch
                title="No requirement matches the filter"
                onReset={() => update(clearing(['state']))}
              />
            ) : (
              <div className={styles.clauses}>
                {ISO_CLAUSES.map((clause) => {
                  const requirements = clause.requirements.filter((requirement) =>
                    shownIds.has(requirement.id),
                  );
                  if (requirements.length === 0) return null;
                  const readiness = isoReadiness(clauseRows(clause.requirements));
                  return (
                    <details
                      key={`${clause.number}-${stateFilter}`}
                      className={styles.clause}
                      open={stateFilter !== ''}
                    >
                      <summary className={styles.clauseSummary}>
                        <h3 className={styles.clauseTitle}>
                          {clause.number} {clause.title}
                        </h3>
                        <span className={styles.clauseFacts}>
                          {readiness.counts.compliant} of {readiness.applicable} compliant (
                          {percentText(readiness)})
                          {readiness.counts.not_assessed > 0 &&
                            ` · ${readiness.counts.not_assessed} not assessed`}
                          {readiness.overdue > 0 && ` · ${readiness.overdue} overdue`}
                        </span>
                      </summary>
                      <ul className={styles.requirements}>
                        {requirements.map((requirement) => (
                          <RequirementItem
                            key={requirement.id}
                            requirement={requirement}
                            assessment={byRequirement.get(requirement.id)!}
                            onAssess={mayEdit ? () => setAssessing(requirement) : undefined}
                          />
                        ))}
                      </ul>
                    </details>
                  );
                })}
              </div>
            )}
            {assessing && current && (
              <AssessmentDialog
                projectId={project.id}
                requirement={assessing}
                assessment={current}
                onClose={() => setAssessing(null)}
              />
            )}
          </Stack>
        );
      }}
    </AsyncContent>
  );
}

/** One requirement with its assessment, and the Assess button for an editor. */
function RequirementItem({
  requirement,
  assessment,
  onAssess,
}: {
  requirement: IsoRequirement;
  assessment: IsoAssessment;
  onAssess?: () => void;
}) {
  const titleId = `iso-requirement-${requirement.id}`;
  const hasEvidence = assessment.evidence.length > 0 || assessment.files.length > 0;
  return (
    <li className={styles.requirement} aria-labelledby={titleId}>
      <div className={styles.requirementHead}>
        <h4 id={titleId} className={styles.requirementTitle}>
          {requirement.code} {requirement.title}
        </h4>
        <Badge tone={STATE_TONES[assessment.state]}>{ISO_STATE_LABELS[assessment.state]}</Badge>
        {onAssess && (
          <Button
            size="sm"
            icon={ClipboardCheck}
            onClick={onAssess}
            className={styles.assess}
            aria-label={`Assess ${requirement.code}`}
          >
            Assess
          </Button>
        )}
      </div>
      <p className={styles.asks}>{requirement.asks}</p>
      <dl className={styles.facts}>
        {assessment.state === 'not_applicable' && assessment.justification && (
          <div className={styles.wideFact}>
            <dt>Justification</dt>
            <dd>{assessment.justification}</dd>
          </div>
        )}
        <div className={styles.wideFact}>
          <dt>Evidence</dt>
          <dd>
            {hasEvidence ? (
              <ul className={styles.evidence}>
                {assessment.evidence.map((item) => (
                  <li key={`${item.kind}:${item.id}`}>
                    <DataLink to={item.path}>{item.label}</DataLink>
                  </li>
                ))}
                {assessment.files.map((file) => (
                  <li key={`file:${file.id}`}>
                    <a href={safeHref(file.url)} download={file.file_name}>
                      {file.file_name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">None</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Responsible</dt>
          <dd>
            {assessment.responsible ? (
              <span title={personLabel(assessment.responsible)}>{assessment.responsible.name}</span>
            ) : (
              <span className="muted">Nobody yet</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Review date</dt>
          <dd>
            {assessment.review_date ? (
              formatDate(assessment.review_date)
            ) : (
              <span className="muted">—</span>
            )}
            {assessment.review_overdue && (
              <>
                {' '}
                <Badge tone="danger">Overdue</Badge>
              </>
            )}
          </dd>
        </div>
        {assessment.note && (
          <div className={styles.wideFact}>
            <dt>Note</dt>
            <dd>{assessment.note}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

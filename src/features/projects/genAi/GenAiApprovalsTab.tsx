import { Gavel, Paperclip, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate, personLabel } from '../../../api/contract/display';
import {
  GEN_AI_CONSENT_LABELS,
  GEN_AI_DATA_CLASS_LABELS,
  GEN_AI_DECIDE_FLAG,
  GEN_AI_MESSAGES,
  GEN_AI_REQUEST_FLAG,
  GEN_AI_STATE_LABELS,
  approvalWaitsFor,
  type GenAiApproval,
  type GenAiState,
  type GenAiToolUse,
} from '../../../api/contract/genAi';
import { notify } from '../../../shared/lib/toasts';
import { Badge, type BadgeTone } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { DataTable, withActions, type Column } from '../../../shared/ui/DataTable';
import { RowActions } from '../../../shared/ui/RowActions';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { AsyncContent } from '../../../shared/ui/AsyncContent';
import { safeHref } from '../../../shared/lib/safeHref';
import type { CardTabProps } from '../card/cardTab';
import { DetailLine, Stack, Toolbar } from '../../../shared/ui/Layout';
import { useGetGenAiApprovalsQuery, useGetGenAiUsageQuery, useStopGenAiUseMutation } from './api';
import {
  ConsentFilesDialog,
  DecisionDialog,
  GEN_AI_TOASTS,
  RequestDialog,
  UseDialog,
} from './GenAiDialogs';
import { UnapprovedToolsFlag } from './UnapprovedToolsFlag';
import styles from './genAi.module.css';

const STATE_TONES: Record<GenAiState, BadgeTone> = {
  pending: 'info',
  approved: 'success',
  rejected: 'danger',
  expired: 'warning',
};

/** The tools in use: the tool, since when, and its approval (or the lack of one). */
const USE_COLUMNS: Column<GenAiToolUse>[] = [
  { id: 'tool', header: 'Tool', rowHeader: true, cell: (use) => use.tool },
  { id: 'since', header: 'In use since', kind: 'date', cell: (use) => formatDate(use.since) },
  {
    id: 'approval',
    header: 'Approval',
    cell: (use) =>
      use.approval ? (
        <Badge tone="success">Approved until {formatDate(use.approval.expires_on)}</Badge>
      ) : (
        <Badge tone="danger">No valid approval</Badge>
      ),
  },
];

/**
 * The Gen AI approvals tab: the generative-AI tools the project uses, each with the approval that
 * covers it today, and the requests to use one with their decision. Keepers of the card
 * (CAN_EDIT_PROJECT_CARD) raise requests and record the tools in use; keepers of the tools register
 * (CAN_EDIT_TECH_REGISTER) decide. The client's consent holds its evidence as files (the email
 * or the signed form), attached while the request is pending; a class that needs the consent is
 * approved only with one, and the row says why its approval waits. Without either flag the tab is
 * read-only.
 */
export default function GenAiApprovalsTab({ project, permissions }: CardTabProps) {
  const mayRequest = permissions.includes(GEN_AI_REQUEST_FLAG);
  const mayDecide = permissions.includes(GEN_AI_DECIDE_FLAG);
  const approvals = useGetGenAiApprovalsQuery(project.id);
  const usage = useGetGenAiUsageQuery(project.id);
  const [requesting, setRequesting] = useState<{ tool: string } | null>(null);
  const [deciding, setDeciding] = useState<GenAiApproval | null>(null);
  const [consentOf, setConsentOf] = useState<number | null>(null);
  const [recording, setRecording] = useState(false);
  const [stopping, setStopping] = useState<GenAiToolUse | null>(null);
  const [stop, stopState] = useStopGenAiUseMutation();

  const requestButton = mayRequest ? (
    <Button variant="primary" icon={Plus} onClick={() => setRequesting({ tool: '' })}>
      Request a Gen AI tool
    </Button>
  ) : null;
  const recordButton = mayRequest ? (
    <Button icon={Plus} onClick={() => setRecording(true)}>
      Record a tool in use
    </Button>
  ) : null;

  const tools = (
    <AsyncContent
      query={usage}
      loading={{ skeleton: { label: 'Loading the tools in use…', rows: 2, columns: 3 } }}
      failed="The tools in use could not be loaded"
      isEmpty={(inUse) => inUse.tools.length === 0}
      empty={
        <EmptyState title="No Gen AI tool recorded as in use" actions={recordButton}>
          <p>
            Record each generative-AI tool the team uses: one without a valid approval is flagged.
          </p>
        </EmptyState>
      }
    >
      {(inUse) => (
        <>
          <Toolbar>
            <p className="muted">
              {inUse.tools.length === 1 ? '1 tool' : `${inUse.tools.length} tools`} in use
            </p>
            {recordButton}
          </Toolbar>
          <DataTable
            caption={`Gen AI tools in use on ${project.name}`}
            busy={usage.isFetching}
            columns={withActions(
              USE_COLUMNS,
              mayRequest &&
                ((use) => (
                  <RowActions of={use.tool}>
                    {!use.approval && (
                      <Button size="sm" onClick={() => setRequesting({ tool: use.tool })}>
                        Request approval <span className="visually-hidden">for {use.tool}</span>
                      </Button>
                    )}
                    <Button size="sm" icon={Trash2} onClick={() => setStopping(use)}>
                      Stop using… <span className="visually-hidden">{use.tool}</span>
                    </Button>
                  </RowActions>
                )),
            )}
            rows={inUse.tools}
            rowKey={(use) => use.id}
          />
        </>
      )}
    </AsyncContent>
  );

  const requests = (
    <AsyncContent
      query={approvals}
      loading={{ skeleton: { label: 'Loading the requests…', rows: 4, columns: 6 } }}
      failed="The requests could not be loaded"
      isEmpty={(requested) => requested.length === 0}
      empty={
        <EmptyState title="No Gen AI request yet" actions={requestButton}>
          <p>
            A request names the tool, its purpose, the data it would see and the client’s consent.
          </p>
        </EmptyState>
      }
    >
      {(requested) => (
        <>
          <Toolbar>
            <p className="muted">
              {requested.length === 1 ? '1 request' : `${requested.length} requests`}, newest first
            </p>
            {requestButton}
          </Toolbar>
          <DataTable
            caption={`Gen AI requests of ${project.name}`}
            busy={approvals.isFetching}
            columns={[
              {
                id: 'tool',
                header: 'Tool and purpose',
                rowHeader: true,
                kind: 'long',
                cell: (row) => (
                  <>
                    {row.tool}
                    <DetailLine>{row.purpose}</DetailLine>
                    <DetailLine>
                      Requested by {personLabel(row.requested_by)} on{' '}
                      {formatDate(row.requested_at.slice(0, 10))}
                    </DetailLine>
                  </>
                ),
              },
              {
                id: 'data',
                header: 'Data',
                cell: (row) => GEN_AI_DATA_CLASS_LABELS[row.data_classification],
              },
              {
                id: 'consent',
                header: 'Client consent',
                kind: 'long',
                cell: (row) => (
                  <>
                    {GEN_AI_CONSENT_LABELS[row.client_consent]}
                    {row.consent_evidence && <DetailLine>{row.consent_evidence}</DetailLine>}
                    {row.consent_files.length > 0 && (
                      <ul className={styles.files} aria-label={`Consent files of ${row.tool}`}>
                        {row.consent_files.map((file) => (
                          <li key={file.id}>
                            <a href={safeHref(file.url)} download={file.file_name}>
                              {file.file_name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                    {mayRequest && row.state === 'pending' && (
                      <Button
                        size="sm"
                        variant="quiet-link"
                        icon={Paperclip}
                        className={styles.consentButton}
                        onClick={() => setConsentOf(row.id)}
                      >
                        Consent files… <span className="visually-hidden">of “{row.tool}”</span>
                      </Button>
                    )}
                  </>
                ),
              },
              {
                id: 'state',
                header: 'State',
                cell: (row) => (
                  <Badge tone={STATE_TONES[row.state]}>{GEN_AI_STATE_LABELS[row.state]}</Badge>
                ),
              },
              {
                // The decision, or the button that makes it: no column of its own to widen the table.
                id: 'decision',
                header: 'Decision',
                kind: 'long',
                cell: (row) => (
                  <>
                    <Decision row={row} />
                    {mayDecide && row.state === 'pending' && (
                      <Button
                        size="sm"
                        icon={Gavel}
                        className={styles.decideButton}
                        onClick={() => setDeciding(row)}
                      >
                        Decide… <span className="visually-hidden">on “{row.tool}”</span>
                      </Button>
                    )}
                  </>
                ),
              },
            ]}
            rows={requested}
            rowKey={(row) => row.id}
          />
        </>
      )}
    </AsyncContent>
  );

  return (
    <Stack>
      <UnapprovedToolsFlag projectId={project.id} />
      <Stack as="section" aria-labelledby="gen-ai-tools-title">
        <h3 id="gen-ai-tools-title" className={styles.heading}>
          Tools in use
        </h3>
        {tools}
      </Stack>
      <Stack as="section" aria-labelledby="gen-ai-requests-title">
        <h3 id="gen-ai-requests-title" className={styles.heading}>
          Requests
        </h3>
        {requests}
      </Stack>
      {requesting && (
        <RequestDialog
          projectId={project.id}
          tool={requesting.tool}
          onClose={() => setRequesting(null)}
          // A consent given is kept with its evidence: the files are asked for at once.
          onCreated={(created) => {
            if (created.client_consent === 'yes') setConsentOf(created.id);
          }}
        />
      )}
      {deciding && (
        <DecisionDialog
          projectId={project.id}
          approval={deciding}
          onClose={() => setDeciding(null)}
        />
      )}
      {consentOf !== null && (
        <ConsentFilesDialog
          projectId={project.id}
          approvalId={consentOf}
          onClose={() => setConsentOf(null)}
        />
      )}
      {recording && <UseDialog projectId={project.id} onClose={() => setRecording(false)} />}
      <ConfirmDialog
        open={stopping !== null}
        title={stopping ? `Stop using “${stopping.tool}”?` : ''}
        confirmLabel="Stop using"
        busyLabel="Saving…"
        destructive
        busy={stopState.isLoading}
        onConfirm={() => {
          if (!stopping) return;
          void stop({ projectId: project.id, useId: stopping.id })
            .unwrap()
            .then(() => {
              notify.success(GEN_AI_TOASTS.stopped);
              setStopping(null);
            })
            .catch(() => undefined);
        }}
        onCancel={() => setStopping(null)}
      >
        <p>The tool is no longer recorded as in use; the card’s History keeps a note of it.</p>
      </ConfirmDialog>
    </Stack>
  );
}

/** What was decided: the conditions and expiry, or the reason; who and when. */
function Decision({ row }: { row: GenAiApproval }) {
  if (row.state === 'pending') {
    const waitsFor = approvalWaitsFor(row);
    return (
      <>
        <span className="muted">Waiting for a decision</span>
        {waitsFor && (
          <span className={styles.waitsInline}>
            {waitsFor === GEN_AI_MESSAGES.consentNeeded
              ? 'Approval waits for the client’s consent.'
              : 'Approval waits for a consent file.'}
          </span>
        )}
      </>
    );
  }
  return (
    <>
      {row.expires_on && (
        <span>
          {row.state === 'expired' ? 'Expired on' : 'Valid until'} {formatDate(row.expires_on)}
        </span>
      )}
      {row.conditions && <DetailLine>Conditions: {row.conditions}</DetailLine>}
      {row.rejection_reason && <span>{row.rejection_reason}</span>}
      {row.decided_by && row.decided_at && (
        <DetailLine>
          By {personLabel(row.decided_by)} on {formatDate(row.decided_at.slice(0, 10))}
        </DetailLine>
      )}
    </>
  );
}

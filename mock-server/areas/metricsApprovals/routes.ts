import {
  APPROVAL_METRIC_INFO,
  APPROVAL_METRICS,
  formatMetricValue,
  formatPeriod,
  METRICS_CREATE_FLAG,
  METRICS_EDIT_FLAG,
  METRICS_LIMITS,
  METRICS_MESSAGES,
  METRICS_UPLOAD,
  METRICS_VIEW_FLAG,
  metricValueAllowed,
  PERIOD_PATTERN,
  SUBMISSION_STATE_LABELS,
  type ApprovalMetric,
} from '../../../src/api/contract/metricsApprovals';
import type { Area } from '../../lib/area';
import { cardAccess, projectRecord } from '../../lib/cardAccess';
import { nowIso, today } from '../../lib/clock';
import { decimalValue } from '../../lib/decimalField';
import {
  choiceField,
  FieldErrors,
  NOT_A_STRING,
  NOT_NULL,
  optionalText,
  patchedFields,
  REQUIRED,
  typeName,
} from '../../lib/drf';
import { listedFileDownloadRoutes, storeUploads } from '../../lib/files';
import { created, forbidden, json, ruleBroken, type MockRequest } from '../../lib/http';
import { nextId } from '../../lib/ids';
import { route } from '../../lib/routes';
import { recordProjectChange } from '../projects/model';
import { mutate } from '../../store/db';
import {
  METRIC_FILE_SEED_BASE,
  METRIC_FILE_UPLOAD_BASE,
  nextMetricFileId,
  projectSubmissions,
  toSubmission,
  type StoredMetricSubmission,
} from './model';
import { metricsApprovalsSeed } from './seed';

const SECTION = 'Metrics approvals';

/** 'On-time delivery, October 2026': a submission as History names it. */
const nameOf = (row: Pick<StoredMetricSubmission, 'metric' | 'period'>) =>
  `${APPROVAL_METRIC_INFO[row.metric].label}, ${formatPeriod(row.period)}`;

/** The month, `YYYY-MM`, not one still to come. */
function periodField(errors: FieldErrors, body: Record<string, unknown>): string {
  const value = body.period;
  if (value === undefined) errors.add('period', REQUIRED);
  else if (value === null) errors.add('period', NOT_NULL);
  else if (typeof value !== 'string') errors.add('period', NOT_A_STRING);
  else if (!PERIOD_PATTERN.test(value))
    errors.add('period', 'Period has wrong format. Use one of these formats instead: YYYY-MM.');
  else if (value > today().slice(0, 7)) errors.add('period', METRICS_MESSAGES.futurePeriod);
  else return value;
  return '';
}

/** A DecimalField checked against the metric's range and decimals (when the metric is known). */
function valueField(
  errors: FieldErrors,
  body: Record<string, unknown>,
  metric: ApprovalMetric | undefined,
): number {
  const number = decimalValue(errors, body, 'value');
  if (number === undefined) return 0;
  if (metric && !metricValueAllowed(metric, number))
    errors.add('value', METRICS_MESSAGES.valueRange(metric));
  else return number;
  return 0;
}

/**
 * The Metrics approvals tab: `GET|POST /api/projects/{id}/metric-submissions/`, `PATCH …/{sid}/`,
 * `POST …/{sid}/evidence/` (multipart, the one file that submits it), `POST …/{sid}/decision/`
 * and the evidence's download, `GET /api/metric-evidence/{id}/` (signed link or JWT). Viewing
 * needs CAN_VIEW_METRICS_APPROVAL, submitting CAN_CREATE_METRICS_APPROVAL (and being the
 * submitter, for a change), deciding CAN_EDIT_METRICS_APPROVAL on another's submission. A refused
 * call stores nothing; every change goes to the card's History under 'Metrics approvals'.
 */
export const metricsApprovals: Area = {
  feature: 'projects/metricsApprovals',
  seed: [metricsApprovalsSeed],
  routes: ({ db, attachments, signer: signerOf }) => {
    const BASE = '/projects/:id/metric-submissions/';
    const ONE = `${BASE}:sid/`;
    const signer = signerOf('metric-evidence');

    /** The submission of `:sid` on the project (a draft only for its submitter). */
    const submissionOf = (req: MockRequest, projectId: number) =>
      projectRecord(
        db.getState().metricSubmissions,
        projectId,
        req.params.sid,
        (row) => row.state !== 'draft' || row.submitted_by_id === req.auth.persona.userId,
      );

    /** The submitter's own draft or returned submission (404, 403, 400 otherwise). */
    const ownEditable = (req: MockRequest) => {
      const card = cardAccess(db, req, METRICS_VIEW_FLAG, METRICS_CREATE_FLAG);
      const row = submissionOf(req, card.projectId);
      if (row.submitted_by_id !== card.persona.userId) forbidden(METRICS_MESSAGES.notSubmitter);
      if (row.state !== 'draft' && row.state !== 'returned')
        ruleBroken(METRICS_MESSAGES.notEditable);
      return { card, row };
    };

    /** Submission `id` as the caller gets it. */
    const submissionBody = (req: MockRequest, id: number) => {
      const state = db.getState();
      const saved = state.metricSubmissions.find((row) => row.id === id)!;
      return toSubmission(state, saved, signer, req.auth.persona.userId);
    };

    return [
      route.get(BASE, (req) => {
        const card = cardAccess(db, req, METRICS_VIEW_FLAG);
        return json(projectSubmissions(card.state, card.projectId, signer, card.persona.userId));
      }),

      route.post(BASE, (req) => {
        const card = cardAccess(db, req, METRICS_VIEW_FLAG, METRICS_CREATE_FLAG);
        const { body } = req;
        const errors = new FieldErrors();
        const metric = choiceField(errors, body, 'metric', APPROVAL_METRICS);
        const period = periodField(errors, body);
        const value = valueField(errors, body, metric);
        const comment = optionalText(errors, body, 'comment', METRICS_LIMITS.comment).trim();
        if (
          metric &&
          period &&
          card.state.metricSubmissions.some(
            (row) =>
              row.project_id === card.projectId && row.metric === metric && row.period === period,
          )
        )
          errors.add('period', METRICS_MESSAGES.duplicate);
        errors.refuseIfAny();
        let id = 0;
        mutate(db, (draft) => {
          id = nextId(draft.metricSubmissions);
          draft.metricSubmissions.push({
            id,
            project_id: card.projectId,
            metric: metric!,
            period,
            value,
            comment,
            evidence: null,
            state: 'draft',
            submitted_by_id: card.persona.userId,
            submitted_at: null,
            reviewed_by_id: null,
            reviewed_at: null,
            decision_comment: '',
            history: [],
          });
        });
        return created(submissionBody(req, id));
      }),

      route.patch(ONE, (req) => {
        const { row } = ownEditable(req);
        const { body } = req;
        const errors = new FieldErrors();
        const fields = patchedFields(errors, body, ['value', 'comment'] as const);
        const value = fields.includes('value') ? valueField(errors, body, row.metric) : row.value;
        const comment = fields.includes('comment')
          ? optionalText(errors, body, 'comment', METRICS_LIMITS.comment).trim()
          : row.comment;
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const stored = draft.metricSubmissions.find((candidate) => candidate.id === row.id)!;
          if (stored.value === value && stored.comment === comment) return false;
          stored.value = value;
          stored.comment = comment;
          return true;
        });
        return json(submissionBody(req, row.id));
      }),

      route.upload('POST', `${ONE}evidence/`, {
        rule: METRICS_UPLOAD,
        target: ownEditable,
        // The evidence replaces the one a returned submission held: one file per upload.
        held: () => 0,
        store: (req, { card, row }) => {
          mutate(db, (draft) => {
            const stored = draft.metricSubmissions.find((candidate) => candidate.id === row.id)!;
            const at = nowIso();
            const [evidence] = storeUploads(
              attachments,
              req.files.slice(0, 1),
              nextMetricFileId(draft),
              card.by,
              at,
            );
            const kind = stored.state === 'returned' ? 'resubmitted' : 'submitted';
            recordProjectChange(draft, card.projectId, card.by, {
              section: SECTION,
              field: nameOf(stored),
              old_value: stored.state === 'returned' ? SUBMISSION_STATE_LABELS.returned : '',
              new_value: `${SUBMISSION_STATE_LABELS.submitted}: ${formatMetricValue(
                stored.metric,
                stored.value,
              )}, evidence ${evidence!.file_name}`,
            });
            stored.evidence = evidence!;
            stored.state = 'submitted';
            stored.submitted_at = at;
            stored.history.push({
              kind,
              by_id: card.persona.userId,
              at,
              value: stored.value,
              comment: stored.comment,
            });
          });
          return created(submissionBody(req, row.id));
        },
      }),

      route.post(`${ONE}decision/`, (req) => {
        const card = cardAccess(db, req, METRICS_VIEW_FLAG, METRICS_EDIT_FLAG);
        const row = submissionOf(req, card.projectId);
        if (row.submitted_by_id === card.persona.userId) forbidden(METRICS_MESSAGES.ownSubmission);
        if (row.state !== 'submitted') ruleBroken(METRICS_MESSAGES.notSubmitted);
        const { body } = req;
        const errors = new FieldErrors();
        const decision = body.decision;
        if (decision === undefined) errors.add('decision', REQUIRED);
        else if (decision !== 'approve' && decision !== 'return')
          errors.add(
            'decision',
            `"${typeof decision === 'string' ? decision : typeName(decision)}" is not a valid choice.`,
          );
        const comment = optionalText(
          errors,
          body,
          'comment',
          METRICS_LIMITS.decision_comment,
        ).trim();
        if (decision === 'return' && comment === '' && !('comment' in errors.toJSON()))
          errors.add('comment', METRICS_MESSAGES.returnComment);
        errors.refuseIfAny();
        mutate(db, (draft) => {
          const stored = draft.metricSubmissions.find((candidate) => candidate.id === row.id)!;
          const at = nowIso();
          const next = decision === 'approve' ? 'approved' : 'returned';
          recordProjectChange(draft, card.projectId, card.by, {
            section: SECTION,
            field: nameOf(stored),
            old_value: SUBMISSION_STATE_LABELS.submitted,
            new_value: `${SUBMISSION_STATE_LABELS[next]}: ${formatMetricValue(stored.metric, stored.value)}${
              comment ? ` (${comment})` : ''
            }`,
          });
          stored.state = next;
          stored.reviewed_by_id = card.persona.userId;
          stored.reviewed_at = at;
          stored.decision_comment = comment;
          stored.history.push({
            kind: next,
            by_id: card.persona.userId,
            at,
            value: stored.value,
            comment,
          });
        });
        return json(submissionBody(req, row.id));
      }),

      // A submission's evidence, for whoever may view metrics approvals.
      ...listedFileDownloadRoutes(
        '/metric-evidence/:id/',
        { attachments, signer },
        {
          flag: METRICS_VIEW_FLAG,
          seeded: (id) => id > METRIC_FILE_SEED_BASE && id < METRIC_FILE_UPLOAD_BASE,
          filesOf: () =>
            db.getState().metricSubmissions.flatMap((row) => (row.evidence ? [row.evidence] : [])),
        },
      ),
    ];
  },
};

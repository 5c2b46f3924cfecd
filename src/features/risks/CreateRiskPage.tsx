import { useState } from 'react';
import { Link, useLocation, useMatch, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  RISK_LEVELS,
  RISK_MESSAGES,
  type RiskDraft,
  type RiskKind,
  type RiskLevel,
} from '../../api/contract/risks';
import { LEVEL_LABELS } from '../../shared/lib/format';
import { notify } from '../../shared/lib/toasts';
import { ErrorScreen } from '../../shared/ui/ErrorScreen';
import { Tabs } from '../../shared/ui/Tabs';
import { useGetCurrentUserQuery } from '../auth/api';
import { useGetPollQuery } from '../checks/api';
import {
  useCreateFromDraftMutation,
  useCreateRiskMutation,
  useDeleteDraftMutation,
  useGetDraftsQuery,
  useSaveDraftMutation,
} from './api';
import { DraftsPanel } from './create/DraftsPanel';
import { PendingDialog, type Pending } from './create/PendingDialog';
import { FormErrors, readServerErrors, type FieldErrors } from './detail/formErrors';
import {
  EMPTY_FORM,
  FORM_FIELDS,
  afterTabSwitch,
  focusFirstError,
  fromDraft,
  sameValues,
  toCreateRequest,
  toDraftData,
  validateForm,
  type FormField,
  type RiskFormValues,
} from './detail/riskForm';
import { RiskFormFields } from './detail/RiskFormFields';
import { SimilarRisks } from './create/SimilarRisks';
import './risk-detail.css';

export const DRAFT_MESSAGES = {
  saved: 'The draft has been saved.',
  cleared: 'The draft has been cleared.',
  formCleared: 'The form has been cleared.',
  deleted: 'The draft has been deleted.',
} as const;
export const createdMessage = (kind: RiskKind) => `The ${kind} has been created.`;

const KIND_TABS = [
  { id: 'risk', label: 'Risk', permission: 'CAN_CREATE_RISK' },
  { id: 'issue', label: 'Issue', permission: 'CAN_CREATE_ISSUE' },
] as const;

/** What the Risk | Issue switch carries to the other tab (spec §2: statement and category go). */
interface CarriedForm {
  values: RiskFormValues;
  baseline: RiskFormValues;
}

/**
 * `/create-risk/{level}` and `/create-issue/{level}`: a new risk or issue at a level, with the
 * likely duplicates of its statement shown while it is typed, and drafts to finish it later.
 * `?project=&poll=` (from a check's risks step) preselect the project and link the check.
 */
export default function CreateRiskPage() {
  const { riskType } = useParams();
  const kind: RiskKind = useMatch('/create-issue/:riskType') ? 'issue' : 'risk';
  if (!(RISK_LEVELS as readonly string[]).includes(riskType ?? ''))
    return <ErrorScreen notFound inLayout />;
  return <CreateRisk key={`${kind}-${riskType}`} kind={kind} level={riskType as RiskLevel} />;
}

function CreateRisk({ kind, level }: { kind: RiskKind; level: RiskLevel }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const draftId = Number(params.get('draft')) || null;
  const pollId = Number(params.get('poll')) || null;
  const projectId = level === 'project' ? Number(params.get('project')) || null : null;
  const carried = (location.state as { carried?: CarriedForm } | null)?.carried;

  const { data: user } = useGetCurrentUserQuery();
  const poll = useGetPollQuery(pollId ?? 0, { skip: !pollId });
  const drafts = useGetDraftsQuery({});
  const [createRisk, creating] = useCreateRiskMutation();
  const [saveDraft, saving] = useSaveDraftMutation();
  const [createFromDraft, creatingFromDraft] = useCreateFromDraftMutation();
  const [deleteDraft, deleting] = useDeleteDraftMutation();
  const busy = creating.isLoading || saving.isLoading || creatingFromDraft.isLoading;

  const initial = (): RiskFormValues =>
    carried?.values ??
    (projectId
      ? { ...EMPTY_FORM, scope: { id: projectId, name: `Project ${projectId}`, level } }
      : EMPTY_FORM);
  const [values, setValues] = useState<RiskFormValues>(initial);
  const [baseline, setBaseline] = useState<RiskFormValues>(() => carried?.baseline ?? initial());
  const [hydrated, setHydrated] = useState<number | null>(carried ? draftId : null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);

  // A draft named in the URL fills the form once it has loaded.
  const draft = drafts.data?.find((candidate) => candidate.id === draftId);
  if (draftId && draft && hydrated !== draftId) {
    const loaded = fromDraft(draft);
    setHydrated(draftId);
    setValues(loaded);
    setBaseline(loaded);
    setErrors({});
    setFormErrors([]);
  }
  // The check's project, named once the check has loaded.
  const pollProject = poll.data?.project;
  if (pollProject && values.scope?.id === pollProject.id && values.scope.name !== pollProject.name)
    setValues((current) => ({
      ...current,
      scope: { id: pollProject.id, name: pollProject.name, level },
    }));

  const dirty = !sameValues(values, baseline);
  // A draft saved just now counts as there before the list has refetched.
  const missingDraft = draftId !== null && drafts.isSuccess && !draft && hydrated !== draftId;
  const allowed = KIND_TABS.filter((tab) => user?.permissions.includes(tab.permission));
  const tabs = allowed.some((tab) => tab.id === kind)
    ? allowed
    : KIND_TABS.filter((t) => t.id === kind);

  const change = (patch: Partial<RiskFormValues>, field?: FormField) => {
    setValues((current) => ({ ...current, ...patch }));
    if (field) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const switchTo = (to: RiskKind) => {
    const next: CarriedForm = { values: afterTabSwitch(values), baseline };
    void navigate(`/create-${to}/${level}${location.search}`, { state: { carried: next } });
  };

  const fail = (error: unknown) => {
    const server = readServerErrors(error, FORM_FIELDS);
    setErrors(server.fields);
    setFormErrors(server.form);
    focusFirstError(server.fields);
  };

  const submit = async () => {
    const found = validateForm(values, kind);
    setErrors(found);
    setFormErrors([]);
    if (focusFirstError(found)) return;
    try {
      if (draftId && !missingDraft) {
        await saveDraft({
          id: draftId,
          kind,
          level,
          data: toDraftData(values, kind, level, pollId),
        }).unwrap();
        const risk = await createFromDraft(draftId).unwrap();
        notify.success(RISK_MESSAGES.createdFromDraft(kind));
        void navigate(`/risks/${risk.id}`);
      } else {
        const risk = await createRisk(toCreateRequest(values, kind, level, pollId)).unwrap();
        notify.success(createdMessage(kind));
        void navigate(`/risks/${risk.id}`);
      }
    } catch (error) {
      fail(error);
    }
  };

  const save = async () => {
    setFormErrors([]);
    try {
      const saved = await saveDraft({
        ...(draftId && !missingDraft ? { id: draftId } : {}),
        kind,
        level,
        data: toDraftData(values, kind, level, pollId),
      }).unwrap();
      setBaseline(values);
      setHydrated(saved.id);
      if (saved.id !== draftId)
        setParams((current) => withParam(current, 'draft', String(saved.id)), { replace: true });
      notify.success(DRAFT_MESSAGES.saved);
    } catch (error) {
      fail(error);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    if (pending.type === 'switch') {
      setPending(null);
      switchTo(pending.to);
    } else if (pending.type === 'open') {
      setPending(null);
      openDraft(pending.draft);
    } else if (pending.type === 'clear') {
      try {
        if (draftId && !missingDraft)
          await saveDraft({ id: draftId, kind, level, data: {} }).unwrap();
        setValues(EMPTY_FORM);
        setBaseline(EMPTY_FORM);
        setErrors({});
        setFormErrors([]);
        notify.success(
          draftId && !missingDraft ? DRAFT_MESSAGES.cleared : DRAFT_MESSAGES.formCleared,
        );
      } catch {
        // The error toast says why; the form keeps everything.
      } finally {
        setPending(null);
      }
    } else {
      const { draft: doomed } = pending;
      try {
        await deleteDraft(doomed.id).unwrap();
        notify.success(DRAFT_MESSAGES.deleted);
        if (doomed.id === draftId) {
          // The form keeps what was typed; only the saved copy is gone.
          setHydrated(null);
          setBaseline(EMPTY_FORM);
          setParams((current) => withParam(current, 'draft', null), { replace: true });
        }
      } catch {
        // The error toast says why; the draft stays.
      } finally {
        setPending(null);
      }
    }
  };

  const openDraft = (chosen: RiskDraft) => {
    const poll = chosen.data.poll_id ? `&poll=${chosen.data.poll_id}` : '';
    void navigate(`/create-${chosen.kind}/${chosen.level}?draft=${chosen.id}${poll}`);
  };

  const title = kind === 'risk' ? 'New risk' : 'New issue';
  return (
    <section className="risk-create" aria-labelledby="risk-create-title">
      <p className="risk-back-link">
        <Link to={`/risks?level=${level}`}>
          All {LEVEL_LABELS[level].toLowerCase()} risks and issues
        </Link>
      </p>
      <p className="risk-kicker">{LEVEL_LABELS[level]}</p>
      <h1 id="risk-create-title">{title}</h1>
      {pollId && (
        <p className="risk-note">
          Raised during the check{' '}
          {poll.data ? `${poll.data.index} of ${poll.data.project.name}` : `#${pollId}`}: it will be
          listed with what that check raised.
        </p>
      )}
      {missingDraft && (
        <p className="risk-note risk-note-warning" role="alert">
          The draft in this address no longer exists. Saving makes a new draft.
        </p>
      )}
      <div className="risk-create-layout">
        <div className="risk-create-main">
          <Tabs
            label="What to create"
            tabs={tabs}
            selected={kind}
            manual
            onSelect={(to) => {
              if (values.statement.trim() || values.category) setPending({ type: 'switch', to });
              else switchTo(to);
            }}
          >
            <FormErrors messages={formErrors} />
            <form
              className="risk-form"
              noValidate
              aria-labelledby="risk-create-title"
              onSubmit={(event) => {
                event.preventDefault();
                if (!busy) void submit();
              }}
            >
              <RiskFormFields
                kind={kind}
                level={level}
                values={values}
                onChange={change}
                errors={errors}
                duplicates={
                  <SimilarRisks
                    kind={kind}
                    level={level}
                    scope={values.scope}
                    statement={values.statement}
                  />
                }
              />
              <div className="risk-form-actions">
                <button type="submit" className="button button-primary" disabled={busy}>
                  {creating.isLoading || creatingFromDraft.isLoading
                    ? 'Creating…'
                    : draftId && !missingDraft
                      ? 'Create from draft'
                      : `Create ${kind}`}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => void save()}
                >
                  {saving.isLoading ? 'Saving…' : 'Save draft'}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => setPending({ type: 'clear' })}
                >
                  Clear
                </button>
                {draftId && draft && (
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    onClick={() => setPending({ type: 'delete', draft })}
                  >
                    Delete draft
                  </button>
                )}
                <Link to={`/risks?level=${level}`} className="button">
                  Cancel
                </Link>
              </div>
            </form>
          </Tabs>
        </div>
        <DraftsPanel
          openDraftId={hydrated}
          onOpen={(chosen) =>
            dirty ? setPending({ type: 'open', draft: chosen }) : openDraft(chosen)
          }
          onDelete={(chosen) => setPending({ type: 'delete', draft: chosen })}
        />
      </div>
      <PendingDialog
        pending={pending}
        hasDraft={Boolean(draftId && !missingDraft)}
        busy={saving.isLoading || deleting.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}

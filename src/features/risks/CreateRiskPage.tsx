import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useMatch, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  createFlags,
  RISK_LEVELS,
  RISK_MESSAGES,
  type RiskDraft,
  type RiskKind,
  type RiskLevel,
} from '../../api/contract/risks';
import { LEVEL_LABELS } from '../../api/contract/display';
import { applyDrfErrors } from '../../api/applyDrfErrors';
import { notify } from '../../shared/lib/toasts';
import { BACK_TO_RISKS, ErrorScreen } from '../../shared/ui/ErrorScreen';
import { Form, FormAlert } from '../../shared/ui/form/Form';
import { useUnsavedChangesGuard } from '../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../shared/ui/form/useZodForm';
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
import { CreateDenied } from './create/CreateDenied';
import { DraftsPanel } from './create/DraftsPanel';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { PendingDialog, type Pending } from './create/PendingDialog';
import {
  API_FIELD_NAMES,
  EMPTY_FORM,
  FORM_FIELDS,
  afterTabSwitch,
  fromDraft,
  riskFormSchema,
  toCreateRequest,
  toDraftData,
  type RiskFormValues,
} from './detail/riskForm';
import { RiskFormFields } from './detail/RiskFormFields';
import { SimilarRisks } from './create/SimilarRisks';
import { Button } from '../../shared/ui/Button';
import detailStyles from './riskDetail.module.css';
import { Breadcrumb } from '../../shared/ui/Breadcrumb';

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
  const { data: user } = useGetCurrentUserQuery();
  if (!(RISK_LEVELS as readonly string[]).includes(riskType ?? ''))
    return <ErrorScreen notFound inLayout back={BACK_TO_RISKS} />;
  const level = riskType as RiskLevel;
  if (!user) return <LoadingScreen label="Checking your access…" />;
  const missing = createFlags(kind, level).filter((flag) => !user.permissions.includes(flag));
  if (missing.length > 0) return <CreateDenied kind={kind} level={level} missing={missing} />;
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
    projectId
      ? { ...EMPTY_FORM, scope: { id: projectId, name: `Project ${projectId}`, level } }
      : EMPTY_FORM;
  const schema = useMemo(() => riskFormSchema(kind), [kind]);
  // What was last saved (or the empty form) is the form's default: it is dirty against that.
  const form = useZodForm(schema, { defaultValues: carried?.baseline ?? initial() });
  const { isDirty } = form.formState;
  const { dialog, allowNavigation } = useUnsavedChangesGuard(isDirty);
  // The draft the form shows (the page's state) and the one last put into the form.
  const [hydrated, setHydrated] = useState<number | null>(carried ? draftId : null);
  const loaded = useRef<number | null>(carried ? draftId : null);
  const [pending, setPending] = useState<Pending | null>(null);
  const scope = useWatch({ control: form.control, name: 'scope' });
  const statement = useWatch({ control: form.control, name: 'statement' });

  // What the other tab carried over is typed on top of that default.
  useEffect(() => {
    if (carried) form.reset(carried.values, { keepDefaultValues: true });
    // Once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A draft named in the URL fills the form once it has loaded.
  const draft = drafts.data?.find((candidate) => candidate.id === draftId);
  if (draftId && draft && hydrated !== draftId) setHydrated(draftId);
  useEffect(() => {
    if (!draft || hydrated !== draft.id || loaded.current === draft.id) return;
    loaded.current = draft.id;
    form.reset(fromDraft(draft));
  }, [draft, hydrated, form]);
  // The check's project, named once the check has loaded (its name changes nothing typed).
  const pollProject = poll.data?.project;
  useEffect(() => {
    if (!pollProject || scope?.id !== pollProject.id || scope.name === pollProject.name) return;
    const named = { id: pollProject.id, name: pollProject.name, level };
    if (form.getFieldState('scope').isDirty) form.setValue('scope', named);
    else form.resetField('scope', { defaultValue: named });
  }, [pollProject, scope, level, form]);

  // A draft saved just now counts as there before the list has refetched.
  const missingDraft = draftId !== null && drafts.isSuccess && !draft && hydrated !== draftId;
  // The draft the form saves to: the URL's, or the one just saved while the URL catches up.
  const openDraftId = missingDraft ? null : (draftId ?? hydrated);
  const allowed = KIND_TABS.filter((tab) => user?.permissions.includes(tab.permission));
  const tabs = allowed.some((tab) => tab.id === kind)
    ? allowed
    : KIND_TABS.filter((t) => t.id === kind);

  const switchTo = (to: RiskKind) => {
    const next: CarriedForm = {
      values: afterTabSwitch(form.getValues()),
      baseline: form.formState.defaultValues as RiskFormValues,
    };
    allowNavigation();
    void navigate(`/create-${to}/${level}${location.search}`, { state: { carried: next } });
  };

  const fail = (error: unknown) =>
    applyDrfErrors(error, form.setError, { fields: FORM_FIELDS, rename: API_FIELD_NAMES });

  const submit = async (values: RiskFormValues) => {
    if (busy) return;
    try {
      if (openDraftId !== null) {
        await saveDraft({
          id: openDraftId,
          kind,
          level,
          data: toDraftData(values, kind, level, pollId),
        }).unwrap();
        const risk = await createFromDraft(openDraftId).unwrap();
        notify.successOnNextPage(RISK_MESSAGES.createdFromDraft(kind));
        allowNavigation();
        void navigate(`/risks/${risk.id}`);
      } else {
        const risk = await createRisk(toCreateRequest(values, kind, level, pollId)).unwrap();
        notify.successOnNextPage(createdMessage(kind));
        allowNavigation();
        void navigate(`/risks/${risk.id}`);
      }
    } catch (error) {
      fail(error);
    }
  };

  const save = async () => {
    form.clearErrors('root');
    const values = form.getValues();
    try {
      const saved = await saveDraft({
        ...(openDraftId !== null ? { id: openDraftId } : {}),
        kind,
        level,
        data: toDraftData(values, kind, level, pollId),
      }).unwrap();
      form.reset(values);
      loaded.current = saved.id;
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
        if (openDraftId !== null)
          await saveDraft({ id: openDraftId, kind, level, data: {} }).unwrap();
        form.reset(EMPTY_FORM);
        notify.success(openDraftId !== null ? DRAFT_MESSAGES.cleared : DRAFT_MESSAGES.formCleared);
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
        if (doomed.id === openDraftId) {
          // The form keeps what was typed; only the saved copy is gone.
          setHydrated(null);
          loaded.current = null;
          form.reset(EMPTY_FORM, { keepValues: true });
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
    allowNavigation();
    void navigate(`/create-${chosen.kind}/${chosen.level}?draft=${chosen.id}${poll}`);
  };

  const title = kind === 'risk' ? 'New risk' : 'New issue';
  return (
    <section className="risk-create" aria-labelledby="risk-create-title">
      <Breadcrumb trail={[{ label: 'Risks and issues', to: `/risks?level=${level}` }]} />
      <p className={detailStyles.riskKicker}>{LEVEL_LABELS[level]}</p>
      <h1 id="risk-create-title">{title}</h1>
      {pollId && (
        <p className={detailStyles.riskNote}>
          Raised during the check{' '}
          {poll.data ? `${poll.data.index} of ${poll.data.project.name}` : `#${pollId}`}: it will be
          listed with what that check raised.
        </p>
      )}
      {missingDraft && (
        <p className={`${detailStyles.riskNote} ${detailStyles.riskNoteWarning}`} role="alert">
          The draft in this address no longer exists. Saving makes a new draft.
        </p>
      )}
      <div className={detailStyles.riskCreateLayout}>
        <div className="risk-create-main">
          <Tabs
            label="What to create"
            tabs={tabs}
            selected={kind}
            manual
            onSelect={(to) => {
              const { statement: typed, category } = form.getValues();
              if (typed.trim() || category) setPending({ type: 'switch', to });
              else switchTo(to);
            }}
          >
            <Form
              form={form}
              alert={false}
              onSubmit={submit}
              className={detailStyles.riskForm}
              aria-labelledby="risk-create-title"
            >
              <FormAlert />
              <RiskFormFields
                kind={kind}
                level={level}
                duplicates={
                  <SimilarRisks kind={kind} level={level} scope={scope} statement={statement} />
                }
              />
              <div className={detailStyles.riskFormActions}>
                <Button type="submit" variant="primary" busy={busy}>
                  {creating.isLoading || creatingFromDraft.isLoading
                    ? 'Creating…'
                    : openDraftId !== null
                      ? 'Create from draft'
                      : `Create ${kind}`}
                </Button>
                <Button type="button" disabled={busy} onClick={() => void save()}>
                  {saving.isLoading ? 'Saving…' : 'Save draft'}
                </Button>
                <Button type="button" disabled={busy} onClick={() => setPending({ type: 'clear' })}>
                  Clear
                </Button>
                {draftId && draft && (
                  <Button
                    type="button"
                    disabled={busy}
                    onClick={() => setPending({ type: 'delete', draft })}
                  >
                    Delete draft
                  </Button>
                )}
                <Button to={`/risks?level=${level}`}>Cancel</Button>
              </div>
            </Form>
          </Tabs>
        </div>
        <DraftsPanel
          openDraftId={hydrated}
          onOpen={(chosen) =>
            isDirty ? setPending({ type: 'open', draft: chosen }) : openDraft(chosen)
          }
          onDelete={(chosen) => setPending({ type: 'delete', draft: chosen })}
        />
      </div>
      <PendingDialog
        pending={pending}
        hasDraft={openDraftId !== null}
        busy={saving.isLoading || deleting.isLoading}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
      {dialog}
    </section>
  );
}

function withParam(params: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}

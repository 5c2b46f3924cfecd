import { Printer } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import {
  CASE_STUDY_LIMITS,
  CASE_STUDY_MESSAGES,
  CASE_STUDY_STATE_LABELS,
  PUBLISH_PERMISSION_LABELS,
  PUBLISH_PERMISSIONS,
  type CaseStudy,
  type CaseStudyFields,
  type CaseStudyState,
} from '../../../api/contract/caseStudy';
import { formatDateTime } from '../../../api/contract/display';
import { notify } from '../../../shared/lib/toasts';
import { Badge } from '../../../shared/ui/Badge';
import { Button } from '../../../shared/ui/Button';
import { DateField } from '../../../shared/ui/DateField';
import { Field, FieldSet } from '../../../shared/ui/form/Field';
import { focusFirstError, Form } from '../../../shared/ui/form/Form';
import { dateSchema, requiredText } from '../../../shared/ui/form/schemas';
import { useUnsavedChangesGuard } from '../../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { ButtonRow, Toolbar, layoutClass } from '../../../shared/ui/Layout';
import {
  useMoveCaseStudyMutation,
  useStartCaseStudyMutation,
  useUpdateCaseStudyMutation,
} from './api';
import styles from './caseStudy.module.css';
import { todayIso } from '../../../shared/lib/today';

export const CASE_STUDY_SAVED = 'The case study has been saved.';
export const MOVED: Record<CaseStudyState, string> = {
  draft: 'The case study has been moved back to draft.',
  in_review: 'The case study has been submitted for review.',
  published: 'The case study has been published.',
};
/** Why Publish waits while the case study is a draft. */
export const REVIEW_FIRST =
  'A case study is published after its review: submit it for review first.';

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;
const text = (what: string, field: keyof typeof CASE_STUDY_LIMITS) =>
  z.string().max(CASE_STUDY_LIMITS[field], tooLong(what, CASE_STUDY_LIMITS[field]));

const schema = z
  .object({
    // In the order the form shows them: a wrong submit focuses the first in error.
    title: requiredText('Give the case study a title.').pipe(text('title', 'title')),
    challenge: text('challenge', 'challenge'),
    approach: text('approach', 'approach'),
    results: text('results', 'results'),
    lessons: text('lessons', 'lessons'),
    client_quote: text('quote', 'client_quote'),
    client_quote_by: text('name', 'client_quote_by'),
    publish_permission: z.enum(PUBLISH_PERMISSIONS),
    permission_given_by: text('name', 'permission_given_by'),
    permission_given_on: dateSchema(),
  })
  .superRefine((values, context) => {
    const missing = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (values.client_quote.trim() && !values.client_quote_by.trim())
      missing('client_quote_by', CASE_STUDY_MESSAGES.quoteByNeeded);
    if (values.publish_permission === 'pending') return;
    if (!values.permission_given_by.trim())
      missing('permission_given_by', CASE_STUDY_MESSAGES.answeredByNeeded);
    if (!values.permission_given_on)
      missing('permission_given_on', CASE_STUDY_MESSAGES.answeredOnNeeded);
  });
type Values = z.input<typeof schema>;
const FIELDS = [
  'title',
  'challenge',
  'approach',
  'results',
  'lessons',
  'client_quote',
  'client_quote_by',
  'publish_permission',
  'permission_given_by',
  'permission_given_on',
] as const;

const valuesOf = (study: CaseStudy | null): Values => ({
  title: study?.title ?? '',
  challenge: study?.challenge ?? '',
  approach: study?.approach ?? '',
  results: study?.results ?? '',
  lessons: study?.lessons ?? '',
  client_quote: study?.client_quote ?? '',
  client_quote_by: study?.client_quote_by ?? '',
  publish_permission: study?.publish_permission ?? 'pending',
  permission_given_by: study?.permission_given_by ?? '',
  permission_given_on: study?.permission_given_on ?? '',
});

/** The body of a save: every field, trimmed; the client's answer empty while it is pending. */
function bodyOf(values: Values): CaseStudyFields {
  const pending = values.publish_permission === 'pending';
  return {
    title: values.title.trim(),
    challenge: values.challenge.trim(),
    approach: values.approach.trim(),
    results: values.results.trim(),
    lessons: values.lessons.trim(),
    client_quote: values.client_quote.trim(),
    client_quote_by: values.client_quote.trim() ? values.client_quote_by.trim() : '',
    publish_permission: values.publish_permission,
    permission_given_by: pending ? '' : values.permission_given_by.trim(),
    permission_given_on: pending ? null : values.permission_given_on || null,
  };
}

/**
 * The case study as one form (the tab is the form): the texts, the client's quote and the
 * permission to publish, saved as a draft, submitted for review, published or sent back to draft.
 * A move saves what was changed first. A refused call keeps every word typed, with the server's
 * messages on their fields. Leaving with unsaved changes asks first.
 */
export function CaseStudyForm({
  projectId,
  study,
  printPath,
}: {
  projectId: number;
  /** Null for a case study being started (nothing is stored until it is saved). */
  study: CaseStudy | null;
  printPath: string;
}) {
  const form = useZodForm(schema, { defaultValues: valuesOf(study) });
  const { dialog } = useUnsavedChangesGuard(form.formState.isDirty);
  const [start, starting] = useStartCaseStudyMutation();
  const [update, updating] = useUpdateCaseStudyMutation();
  const [move, moving] = useMoveCaseStudyMutation();
  const busy = starting.isLoading || updating.isLoading || moving.isLoading;
  const permission = useWatch({ control: form.control, name: 'publish_permission' });
  const state: CaseStudyState = study?.state ?? 'draft';
  const { isDirty } = form.formState;

  /** Stores what the form holds (when it differs); the stored case study, or null when refused. */
  const persist = async (values: Values): Promise<CaseStudy | null> => {
    if (study && !isDirty) return study;
    try {
      const body = bodyOf(values);
      const saved = study
        ? await update({ projectId, patch: body }).unwrap()
        : await start({ projectId, study: body }).unwrap();
      form.reset(valuesOf(saved));
      return saved;
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: FIELDS });
      return null;
    }
  };

  const save = async (values: Values) => {
    if (await persist(values)) notify.success(CASE_STUDY_SAVED);
  };

  const moveTo = (to: CaseStudyState) =>
    form.handleSubmit(async (values) => {
      if (!(await persist(values))) return;
      try {
        await move({ projectId, state: to }).unwrap();
        notify.success(MOVED[to]);
      } catch (error) {
        applyDrfErrors(error, form.setError, { fields: FIELDS });
      }
    }, focusFirstError(form.setFocus));

  const publishBlocks = [
    state === 'draft' && REVIEW_FIRST,
    permission !== 'yes' && CASE_STUDY_MESSAGES.permissionNeeded,
  ].filter((reason): reason is string => Boolean(reason));

  return (
    <Form form={form} onSubmit={save} aria-label="Case study" className={layoutClass.stack}>
      <Toolbar>
        <p className={styles.status}>
          <Badge tone={state === 'in_review' ? 'info' : 'neutral'}>
            {CASE_STUDY_STATE_LABELS[state]}
          </Badge>{' '}
          {study
            ? `Last saved ${formatDateTime(study.updated_at)} by ${study.updated_by.name}`
            : 'New case study, not saved yet'}
        </p>
        {study && (
          <Button to={printPath} icon={Printer}>
            Printable view
          </Button>
        )}
      </Toolbar>
      <Field<Values> name="title" label="Title" maxLength={CASE_STUDY_LIMITS.title}>
        <input type="text" autoComplete="off" {...form.register('title')} />
      </Field>
      <Field<Values>
        name="challenge"
        label="Challenge"
        hint="What the client faced, and why it mattered."
        maxLength={CASE_STUDY_LIMITS.challenge}
      >
        <textarea rows={4} {...form.register('challenge')} />
      </Field>
      <Field<Values>
        name="approach"
        label="Approach"
        hint="What the team did, and how."
        maxLength={CASE_STUDY_LIMITS.approach}
      >
        <textarea rows={4} {...form.register('approach')} />
      </Field>
      <Field<Values>
        name="results"
        label="Results"
        hint="What changed for the client, in figures where you can."
        maxLength={CASE_STUDY_LIMITS.results}
      >
        <textarea rows={4} {...form.register('results')} />
      </Field>
      <Field<Values>
        name="lessons"
        label={
          <>
            Lessons learned <span className="muted">(optional)</span>
          </>
        }
        maxLength={CASE_STUDY_LIMITS.lessons}
      >
        <textarea rows={3} {...form.register('lessons')} />
      </Field>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>
          Client quote <span className="muted">(optional)</span>
        </legend>
        <Field<Values> name="client_quote" label="Quote" maxLength={CASE_STUDY_LIMITS.client_quote}>
          <textarea rows={2} {...form.register('client_quote')} />
        </Field>
        <Field<Values>
          name="client_quote_by"
          label="Said by"
          hint="Name and role, as the client agreed to be named."
        >
          <input type="text" autoComplete="off" {...form.register('client_quote_by')} />
        </Field>
      </fieldset>
      <FieldSet<Values>
        name="publish_permission"
        legend="Permission to publish"
        hint="The client’s answer to publishing this case study."
      >
        <div className={styles.radios}>
          {PUBLISH_PERMISSIONS.map((value) => (
            <label key={value} className={styles.radio}>
              <input type="radio" value={value} {...form.register('publish_permission')} />{' '}
              {PUBLISH_PERMISSION_LABELS[value]}
            </label>
          ))}
        </div>
        {permission !== 'pending' && (
          <div className={styles.pair}>
            <Field<Values> name="permission_given_by" label="Answered by">
              <input type="text" autoComplete="off" {...form.register('permission_given_by')} />
            </Field>
            <Controller
              control={form.control}
              name="permission_given_on"
              render={({ field }) => (
                <Field<Values> name="permission_given_on" label="Answered on">
                  {(control) => <DateField {...control} {...field} max={todayIso()} />}
                </Field>
              )}
            />
          </div>
        )}
      </FieldSet>
      <ButtonRow>
        <Button type="submit" variant="primary" disabled={busy || (study !== null && !isDirty)}>
          {starting.isLoading || updating.isLoading
            ? 'Saving…'
            : state === 'draft'
              ? 'Save draft'
              : 'Save changes'}
        </Button>
        {state === 'draft' && (
          <Button type="button" disabled={busy} onClick={() => void moveTo('in_review')()}>
            Submit for review
          </Button>
        )}
        <Button
          type="button"
          disabled={busy || publishBlocks.length > 0}
          aria-describedby={publishBlocks.length > 0 ? 'publish-blocked' : undefined}
          onClick={() => void moveTo('published')()}
        >
          Publish
        </Button>
        {state === 'in_review' && (
          <Button type="button" disabled={busy} onClick={() => void moveTo('draft')()}>
            Back to draft
          </Button>
        )}
        <Button
          type="button"
          variant="quiet-link"
          disabled={!isDirty || busy}
          onClick={() => form.reset(valuesOf(study))}
        >
          Discard changes
        </Button>
      </ButtonRow>
      {publishBlocks.length > 0 && (
        <p id="publish-blocked" className={styles.blocked}>
          Publish is not available yet. {publishBlocks.join(' ')}
        </p>
      )}
      {dialog}
    </Form>
  );
}

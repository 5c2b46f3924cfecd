import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { PROJECT_TEXT_LIMITS } from '../../../api/contract/projects';
import { notify } from '../../../shared/lib/toasts';
import { Button } from '../../../shared/ui/Button';
import { Field } from '../../../shared/ui/form/Field';
import { Form } from '../../../shared/ui/form/Form';
import { useUnsavedChangesGuard } from '../../../shared/ui/form/useUnsavedChangesGuard';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { usePatchProjectMutation } from '../api';
import type { CardTabProps } from '../card/cardTab';
import { ButtonRow, Panel, Stack, TypedText, layoutClass } from '../../../shared/ui/Layout';

/** What a save of the tab says (issue 33: every save says so). */
export const PROJECT_OVERVIEW_SAVED = 'The project overview has been saved.';

export const EDIT_DETAILS_FLAG = 'CAN_EDIT_PROJECT_DETAILS';

const tooLong = (what: string, max: number) => `Keep the ${what} to ${max} characters or fewer.`;
const schema = z.object({
  description: z
    .string()
    .max(PROJECT_TEXT_LIMITS.description, tooLong('description', PROJECT_TEXT_LIMITS.description)),
  expert_description: z
    .string()
    .max(
      PROJECT_TEXT_LIMITS.expert_description,
      tooLong('expert description', PROJECT_TEXT_LIMITS.expert_description),
    ),
});
type Values = z.output<typeof schema>;

/**
 * The Project overview tab: the two texts a check's overview step shows, edited here with
 * CAN_EDIT_PROJECT_DETAILS; read-only otherwise.
 */
export default function ProjectOverviewTab({ project, permissions }: CardTabProps) {
  if (!permissions.includes(EDIT_DETAILS_FLAG))
    return (
      <Stack>
        <Panel aria-labelledby="description-title">
          <h3 id="description-title">Description</h3>
          <TypedText>{project.description || 'No description yet.'}</TypedText>
        </Panel>
        <Panel aria-labelledby="expert-description-title">
          <h3 id="expert-description-title">Expert description</h3>
          <TypedText>{project.expert_description || 'No expert description yet.'}</TypedText>
        </Panel>
      </Stack>
    );
  return <OverviewForm project={project} />;
}

function OverviewForm({ project }: Pick<CardTabProps, 'project'>) {
  const defaults = {
    description: project.description,
    expert_description: project.expert_description,
  };
  const form = useZodForm(schema, { defaultValues: defaults });
  const [patchProject] = usePatchProjectMutation();
  const { dialog } = useUnsavedChangesGuard(form.formState.isDirty);
  const { isDirty, isSubmitting } = form.formState;

  const save = async (values: Values) => {
    try {
      const saved = await patchProject({ id: project.id, ...values }).unwrap();
      form.reset({ description: saved.description, expert_description: saved.expert_description });
      notify.success(PROJECT_OVERVIEW_SAVED);
    } catch (error) {
      applyDrfErrors(error, form.setError, { fields: ['description', 'expert_description'] });
    }
  };

  return (
    <Form form={form} onSubmit={save} aria-label="Project overview" className={layoutClass.stack}>
      <p className="muted">
        Participants of this project’s checks read these texts on the check’s project overview step.
      </p>
      <Field name="description" label="Description" maxLength={PROJECT_TEXT_LIMITS.description}>
        <textarea rows={6} {...form.register('description')} />
      </Field>
      <Field
        name="expert_description"
        label="Expert description"
        hint="Shown to the experts of a check, beside the description."
        maxLength={PROJECT_TEXT_LIMITS.expert_description}
      >
        <textarea rows={4} {...form.register('expert_description')} />
      </Field>
      <ButtonRow>
        <Button type="submit" variant="primary" disabled={!isDirty || isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save changes'}
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
    </Form>
  );
}

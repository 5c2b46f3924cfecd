import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { z } from '../../../shared/ui/form/zod';
import { applyDrfErrors } from '../../../api/applyDrfErrors';
import { DateField } from '../../../shared/ui/DateField';
import { Field } from '../../../shared/ui/form/Field';
import { Form } from '../../../shared/ui/form/Form';
import { dateSchema, requiredText } from '../../../shared/ui/form/schemas';
import { useZodForm } from '../../../shared/ui/form/useZodForm';
import { Section } from '../Section';
import styles from '../UiKit.module.css';
import { Button } from '../../../shared/ui/Button';

const TITLE_MAX = 50;

const sampleSchema = z.object({
  title: requiredText('Give the finding a title.').pipe(
    z.string().max(TITLE_MAX, `Keep the title to ${TITLE_MAX} characters.`),
  ),
  due_date: dateSchema({ required: 'Choose the due date.' }),
  note: z.string(),
});

type SampleValues = z.input<typeof sampleSchema>;

/** What a refused save looks like: a DRF 400 with a field message and a non-field one. */
const REFUSED = {
  status: 400,
  data: {
    due_date: ['The due date cannot be after the end of the check.'],
    non_field_errors: ['The check was closed while you were editing.'],
  },
};

/**
 * The form kit: `Field` with hint, counter and error; `DateField` (MM/DD/YYYY); a server refusal
 * put on its field and in the form-level alert by `applyDrfErrors`.
 */
export function FormSection() {
  const clean = useZodForm(sampleSchema, {
    defaultValues: { title: '', due_date: '', note: '' },
  });
  const refused = useZodForm(sampleSchema, {
    defaultValues: { title: 'Release notes missing', due_date: '2026-12-20', note: '' },
  });
  const { setError } = refused;
  useEffect(() => {
    // Shown as the page loads: the messages land, the focus stays where the reader is.
    applyDrfErrors<SampleValues>(REFUSED, (name, error) => setError(name, error), {
      fields: ['title', 'due_date', 'note'],
    });
  }, [setError]);

  return (
    <Section
      id="form"
      title="Forms"
      intro="react-hook-form with a zod schema: each Field has its label, hint, counter and error wired to the control; a refused save puts the server's words on their fields and the rest above the form, keeping everything typed."
    >
      <div className={styles.samples}>
        {[
          { key: 'clean', form: clean, label: 'Empty: submit to see the schema' },
          { key: 'refused', form: refused, label: 'Refused by the server (DRF 400)' },
        ].map(({ key, form, label }) => (
          <figure key={key} className={`${styles.sample} ${styles.wide}`}>
            <div className={styles.sampleBody}>
              <Form form={form} onSubmit={() => undefined} aria-label={label}>
                <Field
                  name="title"
                  label="Title"
                  hint="What was found, in a few words."
                  maxLength={TITLE_MAX}
                  id={`uikit-${key}-title`}
                >
                  <input {...form.register('title')} />
                </Field>
                <Field name="due_date" label="Due date" id={`uikit-${key}-due`}>
                  {(control) => (
                    <Controller
                      control={form.control}
                      name="due_date"
                      render={({ field }) => (
                        <DateField
                          {...control}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          ref={field.ref}
                        />
                      )}
                    />
                  )}
                </Field>
                <Field name="note" label="Note" id={`uikit-${key}-note`}>
                  <textarea rows={2} {...form.register('note')} />
                </Field>
                <p>
                  <Button type="submit" variant="primary">
                    Save
                  </Button>
                </p>
              </Form>
            </div>
            <figcaption className={styles.caption}>{label}</figcaption>
          </figure>
        ))}
      </div>
    </Section>
  );
}

import { useState } from 'react';
import {
  Controller,
  useFormContext,
  type FieldPath,
  type FieldValues,
  type PathValue,
} from 'react-hook-form';
import { LABEL_MAX, VISIBILITY_TAGS } from '../../../api/contract/risks';
import { Field, FieldSet } from '../../../shared/ui/form/Field';
import { VISIBILITY_TAG_LABELS } from '../labels';
import { Button } from '../../../shared/ui/Button';
import detailStyles from '../riskDetail.module.css';

/** Spec §6 help text, shown beside every visibility-tag choice, in the words of its kind. */
export const visibilityTagsHint = (kind: 'risk' | 'issue') =>
  `Visibility tags only help filter what to present to stakeholders. They grant no permissions: who may see the ${kind} does not change.`;

/**
 * Free labels as a field of the surrounding form (its value a `string[]`), each up to 50
 * characters (spec §9): typed one at a time, removed one at a time. A label too long is refused
 * with the field's error and not added.
 */
export function LabelsField<TFieldValues extends FieldValues>({
  name,
}: {
  name: FieldPath<TFieldValues>;
}) {
  const { control, setError, clearErrors } = useFormContext<TFieldValues>();
  const [text, setText] = useState('');
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const labels = field.value as string[];
        const change = (next: string[]) =>
          field.onChange(next as PathValue<TFieldValues, FieldPath<TFieldValues>>);
        const add = () => {
          const label = text.trim();
          if (!label) return;
          if (label.length > LABEL_MAX) {
            setError(name, {
              type: 'length',
              message: `A label can have up to ${LABEL_MAX} characters; this one has ${label.length}.`,
            });
            return;
          }
          setText('');
          if (!labels.some((known) => known.toLowerCase() === label.toLowerCase()))
            change([...labels, label]);
          else clearErrors(name);
        };
        return (
          <Field<TFieldValues>
            name={name}
            label="Labels"
            hint={`Press Enter or Add label after each one; up to ${LABEL_MAX} characters each.`}
          >
            {(props) => (
              <>
                {labels.length > 0 && (
                  <ul className={detailStyles.riskChips} aria-label="Labels added">
                    {labels.map((label) => (
                      <li key={label} className={detailStyles.riskChipItem}>
                        {label}
                        <button
                          type="button"
                          className={detailStyles.riskChipRemove}
                          aria-label={`Remove label ${label}`}
                          onClick={() => change(labels.filter((other) => other !== label))}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                <div className={detailStyles.riskInline}>
                  <input
                    {...props}
                    ref={field.ref}
                    type="text"
                    value={text}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      setText(event.target.value);
                      if (
                        fieldState.error?.type === 'length' &&
                        event.target.value.trim().length <= LABEL_MAX
                      )
                        clearErrors(name);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') {
                        event.preventDefault();
                        add();
                      }
                    }}
                  />
                  <Button type="button" onClick={add}>
                    Add label
                  </Button>
                </div>
              </>
            )}
          </Field>
        );
      }}
    />
  );
}

/** The visibility tags as checkboxes of the surrounding form (its value a `VisibilityTag[]`). */
export function VisibilityTagsField<TFieldValues extends FieldValues>({
  name,
  kind,
}: {
  name: FieldPath<TFieldValues>;
  kind: 'risk' | 'issue';
}) {
  const { register } = useFormContext<TFieldValues>();
  return (
    <FieldSet<TFieldValues>
      name={name}
      legend="Visibility tags"
      hint={visibilityTagsHint(kind)}
      className={detailStyles.riskChoiceGroup}
    >
      <div className={detailStyles.riskChoices}>
        {VISIBILITY_TAGS.map((tag) => (
          <label key={tag}>
            <input type="checkbox" value={tag} {...register(name)} /> {VISIBILITY_TAG_LABELS[tag]}
          </label>
        ))}
      </div>
    </FieldSet>
  );
}

import { z } from '../../../shared/ui/form/zod';
import {
  attributeValueError,
  type AttributeDefinition,
  type AttributeValue,
  type ProjectAttribute,
} from '../../../api/contract/projectAttributes';
import { DATE_TEXT_MESSAGE, isIsoDate } from '../../../shared/ui/dateText';

/**
 * The attributes form holds every value as the text its control shows: a number as typed, a date
 * as ISO (the DateField's value), yes/no as 'yes' | 'no', a choice as its code, '' when empty.
 */
export type AttributeTexts = Record<string, string>;

export const YES = 'yes';
export const NO = 'no';

/** The control's text of a stored value. */
export function textOf(attribute: Pick<ProjectAttribute, 'type' | 'value'>): string {
  const { value } = attribute;
  if (value === null) return '';
  if (attribute.type === 'boolean') return value === true ? YES : value === false ? NO : '';
  return String(value);
}

/** A number as people type it: '1,250,000', ' 35 ', '12.5'; anything else is no number. */
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * The value to send for a control's text, or the message saying why it cannot be one (the
 * contract's own check of the type, bounds and length included).
 */
export function valueOf(
  definition: AttributeDefinition,
  text: string,
): { value: AttributeValue } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  let value: AttributeValue;
  switch (definition.type) {
    case 'number': {
      const plain = trimmed.replace(/[,\s]/g, '');
      if (!NUMBER_TEXT.test(plain)) return { error: 'Enter a number.' };
      value = Number(plain);
      break;
    }
    case 'date':
      if (!isIsoDate(trimmed)) return { error: DATE_TEXT_MESSAGE };
      value = trimmed;
      break;
    case 'boolean':
      value = trimmed === YES;
      break;
    default:
      value = trimmed;
  }
  const error = attributeValueError(definition, value);
  return error ? { error } : { value };
}

/** The form's schema: one text per attribute, in the list's order, checked by its type. */
export function attributesSchema(attributes: readonly AttributeDefinition[]) {
  return z.object(
    Object.fromEntries(
      attributes.map((definition) => [
        definition.key,
        z.string().superRefine((text, context) => {
          const result = valueOf(definition, text);
          if ('error' in result) context.addIssue({ code: 'custom', message: result.error });
        }),
      ]),
    ),
  );
}

/** The patch of the attributes whose text changed: `{key: value}`. */
export function changedValues(
  attributes: readonly AttributeDefinition[],
  texts: AttributeTexts,
  dirty: Partial<Record<string, boolean | undefined>>,
): Record<string, AttributeValue> {
  const patch: Record<string, AttributeValue> = {};
  for (const definition of attributes) {
    if (!dirty[definition.key]) continue;
    const result = valueOf(definition, texts[definition.key] ?? '');
    if ('value' in result) patch[definition.key] = result.value;
  }
  return patch;
}

/** The label with a number's unit: 'Contract value (EUR)'. */
export const labelOf = (definition: AttributeDefinition) =>
  definition.unit ? `${definition.label} (${definition.unit})` : definition.label;

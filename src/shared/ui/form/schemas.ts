import { z } from './zod';
import { DATE_TEXT_MESSAGE, isIsoDate } from '../dateText';

/**
 * A `DateField`'s value in a schema: '' or an ISO date; typed text that is not a date fails with
 * `DATE_TEXT_MESSAGE`, and with `required` an empty field fails with that message.
 */
export function dateSchema({ required }: { required?: string } = {}) {
  return z.string().superRefine((value, context) => {
    if (value === '') {
      if (required) context.addIssue({ code: 'custom', message: required });
    } else if (!isIsoDate(value)) {
      context.addIssue({ code: 'custom', message: DATE_TEXT_MESSAGE });
    }
  });
}

/** A required text: blank (only spaces) fails with `message` (spec §5: a text is non-blank). */
export const requiredText = (message: string) =>
  z.string().refine((value) => value.trim() !== '', message);

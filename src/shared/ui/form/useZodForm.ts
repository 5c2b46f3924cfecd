import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from './zod';

/**
 * `useForm` as the kit wants it: the zod schema as resolver, each field checked when it is left
 * and then as it changes (`onTouched`), and the focus on a wrong submit left to `Form`, which
 * moves it to the first field in error in the schema's order (declare the keys in the order
 * the form shows them). The values `onSubmit` gets are the schema's output.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'> = {},
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    mode: 'onTouched',
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema),
  });
}

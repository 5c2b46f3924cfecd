import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Params to write: an empty value (undefined, null, '') removes its param. */
export type ParamChanges = Record<string, string | number | undefined | null>;

/**
 * A list page's URL params and one way to change them. Changes replace the history entry; `push`
 * (a new tab, the next page) adds one, so Back returns to it.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  // React Router hands a functional update the params of the last render, so two changes made
  // before it renders again (a select, then the search box's commit) would lose the first. Each
  // change builds on the last one sent instead, until the URL has caught up with it.
  const latest = useRef(params);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current !== null && params.toString() !== sent.current) return;
    sent.current = null;
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (changes: ParamChanges, { push = false } = {}) => {
      const next = withChanges(latest.current, changes);
      latest.current = next;
      sent.current = next.toString();
      setParams(next, { replace: !push });
    },
    [setParams],
  );
  return { params, update };
}

/** `params` with `changes` applied; `params` itself stays as it was. */
export function withChanges(params: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The changes that remove every one of `keys`: what 'Reset' writes. */
export function clearing(keys: readonly string[]): ParamChanges {
  return Object.fromEntries(keys.map((key) => [key, undefined]));
}

/** Turns one param's value into what the page uses, or undefined to leave the param out. */
export type ParamReader<Value> = (value: string | null) => Value | undefined;

/**
 * What the URL says, one reader a param: a missing or unknown value is left out rather than
 * applied or sent.
 */
export function readParams<Readers extends Record<string, ParamReader<unknown>>>(
  params: URLSearchParams,
  readers: Readers,
): { [Key in keyof Readers]?: Exclude<ReturnType<Readers[Key]>, undefined> } {
  const read: Record<string, unknown> = {};
  for (const [key, reader] of Object.entries(readers)) {
    const value = reader(params.get(key));
    if (value !== undefined) read[key] = value;
  }
  return read as { [Key in keyof Readers]?: Exclude<ReturnType<Readers[Key]>, undefined> };
}

/** A reader of one of a fixed set of codes. */
export function codeIn<Code extends string>(codes: readonly Code[]): ParamReader<Code> {
  return (value) => oneOf(codes, value);
}

/** `value` if it is one of `codes`. */
export function oneOf<Code extends string>(
  codes: readonly Code[],
  value: string | null,
): Code | undefined {
  return codes.find((code) => code === value);
}

/** A whole number above zero (an id, a page), or undefined. */
export function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
}

/** The text without surrounding blanks, or undefined when that leaves nothing. */
export function trimmed(value: string | null): string | undefined {
  return value?.trim() || undefined;
}

/**
 * DRF's `ordering` param read against the fields a list sorts by: the field and whether it runs
 * descending ('-due_date'), or no field for a missing or unknown one.
 */
export function readOrdering<Field extends string>(
  ordering: string | undefined,
  fields: readonly Field[],
): [Field | undefined, boolean] {
  if (!ordering) return [undefined, false];
  const field = oneOf(fields, ordering.replace(/^-/, ''));
  return field ? [field, ordering.startsWith('-')] : [undefined, false];
}

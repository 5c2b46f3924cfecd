import { useState } from 'react';
import type { RiskLevel, RiskScope } from '../../../api/contract/risks';
import { useDebouncedValue } from '../../../shared/lib/useDebounced';
import { Combobox, searchStatus } from '../../../shared/ui/Combobox';
import { useGetRiskScopesQuery } from '../api';

/** What the scope of each level is called. */
export const SCOPE_NOUNS: Record<RiskLevel, [string, string]> = {
  project: ['project', 'projects'],
  account: ['account', 'accounts'],
  business_line: ['business line', 'business lines'],
  business_segment: ['business segment', 'business segments'],
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Picks the project, account, business line or segment the new risk belongs to, through
 * `GET /api/risk-scopes/?level=&search=`. Typing again drops the choice.
 */
export function ScopeField({
  id,
  level,
  scope,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  level: RiskLevel;
  scope: RiskScope | null;
  onChange: (scope: RiskScope | null) => void;
  describedBy?: string | undefined;
  invalid: boolean;
}) {
  const [one, many] = SCOPE_NOUNS[level];
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? scope?.name ?? '';
  const term = useDebouncedValue(text.trim(), 250);
  const searching = scope === null && typed !== null;
  const { data, isFetching, isError } = useGetRiskScopesQuery(
    { level, ...(term ? { search: term } : {}) },
    { skip: !searching },
  );
  const scopes = searching ? (data?.results ?? []) : [];

  return (
    <Combobox
      id={id}
      label={capitalised(one)}
      text={text}
      onTextChange={(next) => {
        setTyped(next);
        if (scope) onChange(null);
      }}
      options={scopes}
      optionKey={(option) => option.id}
      optionLabel={(option) => option.name}
      onSelect={(option) => {
        setTyped(null);
        onChange(option);
      }}
      status={searchStatus({
        text,
        searching,
        isFetching,
        isError,
        found: data ? scopes.length : undefined,
        noun: [one, many],
        // Every scope of the level is listed before the first letter.
        minLength: 0,
      })}
      describedBy={describedBy}
      invalid={invalid}
      required
      placeholder={`Type the ${one}'s name`}
    />
  );
}

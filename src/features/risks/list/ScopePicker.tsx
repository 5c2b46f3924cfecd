import { useState } from 'react';
import type { RiskLevel } from '../../../api/contract/risks';
import { useDebouncedValue } from '../../../shared/lib/useDebounced';
import { Combobox } from '../../../shared/ui/Combobox';
import { useGetRiskScopesQuery } from '../api';
import listStyles from '../risksList.module.css';

export const SCOPE_LABELS: Record<RiskLevel, { one: string; all: string }> = {
  project: { one: 'Project', all: 'All projects' },
  account: { one: 'Account', all: 'All accounts' },
  business_line: { one: 'Business line', all: 'All business lines' },
  business_segment: { one: 'Business segment', all: 'All business segments' },
};

interface ScopeOption {
  id: number | undefined;
  name: string;
}

/**
 * Picks the project, account, business line or segment whose risks the list shows, or all of
 * them: typing searches `GET /api/risk-scopes/`, arrows move, Enter picks, Escape and leaving the
 * box put back the current choice.
 */
export function ScopePicker({
  level,
  scope,
  knownName,
  onChange,
}: {
  level: RiskLevel;
  scope: number | undefined;
  /** The scope's name when the page already knows it (from its rows). */
  knownName: string | undefined;
  onChange: (scope: number | undefined) => void;
}) {
  const labels = SCOPE_LABELS[level];
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(text ?? '', 250).trim();
  const { data, isFetching } = useGetRiskScopesQuery(
    { level, ...(search ? { search } : {}) },
    { skip: !open && scope === undefined },
  );
  const found = data?.results ?? [];
  const currentName =
    scope === undefined
      ? labels.all
      : (knownName ??
        found.find((option) => option.id === scope)?.name ??
        `${labels.one} ${scope}`);
  const options: ScopeOption[] = [{ id: undefined, name: labels.all }, ...found];

  const status = !open
    ? ''
    : isFetching
      ? 'Searching…'
      : found.length === 0 && search
        ? `No ${labels.one.toLowerCase()} matches "${search}".`
        : (data?.count ?? 0) > found.length
          ? `${data?.count} found; the first ${found.length} are listed, type more to narrow.`
          : `${found.length} found.`;

  return (
    <Combobox
      id="risk-scope"
      label={labels.one}
      className={listStyles.riskScope}
      text={text ?? currentName}
      onTextChange={setText}
      options={options}
      optionKey={(option) => option.id ?? 'all'}
      optionLabel={(option) => option.name}
      isCurrent={(option) => option.id === scope}
      onSelect={(option) => {
        if (option.id !== scope) onChange(option.id);
      }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // A pick, Escape or leaving the box shows the current choice again.
        if (!next) setText(null);
      }}
      selectOnFocus
      status={status}
      statusHidden
    />
  );
}

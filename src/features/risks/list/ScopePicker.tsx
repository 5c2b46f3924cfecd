import { useState, type KeyboardEvent } from 'react';
import type { RiskLevel } from '../../../api/contract/risks';
import { useGetRiskScopesQuery } from '../api';
import { useDebouncedValue } from './urlState';

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
 * them (WAI-ARIA combobox with a listbox): typing searches `GET /api/risk-scopes/`, arrows move,
 * Enter picks, Escape and leaving the box put back the current choice.
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
  const [active, setActive] = useState(-1);
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
  const expanded = open;
  const id = 'risk-scope';
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
    setText(null);
  };
  const pick = (option: ScopeOption) => {
    close();
    if (option.id !== scope) onChange(option.id);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((index) => (expanded ? (index + 1) % options.length : 0));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((index) => (expanded ? (index - 1 + options.length) % options.length : 0));
        break;
      case 'Enter': {
        if (!expanded) break;
        event.preventDefault();
        const option = options[active];
        if (option) pick(option);
        break;
      }
      case 'Escape':
        if (expanded || text !== null) {
          event.preventDefault();
          close();
        }
        break;
    }
  };

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
    <div className="risk-scope">
      <label htmlFor={id}>{labels.one}</label>
      <div className="risk-combobox">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-status`}
          value={text ?? currentName}
          onFocus={(event) => event.target.select()}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <ul
          id={`${id}-listbox`}
          role="listbox"
          aria-label={labels.one}
          className="risk-listbox"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            <li
              key={option.id ?? 'all'}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={option.id === scope ? 'risk-option risk-option-current' : 'risk-option'}
              // Keeps the focus in the box, so blur does not close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {option.name}
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-status`} className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}

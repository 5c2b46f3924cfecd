import { DATE_TIME } from '../../src/testing/pact/drfShapes';
import { pinnedTextOf } from '../../src/testing/pact/pinnedTexts';
import { returnedValues, type ProviderStateDefinition } from '../../src/testing/pact/state';
import { injectedNames, leaves, rulesOver, type PactFile, type PactInteraction } from './pactFile';

/**
 * The contract as the backend team meets it: what in the pact only our mock backend could meet.
 * Each finding names the interaction and the place; `npm run pact:catalogue` fails on any.
 */
export interface Finding {
  kind:
    | 'literal id'
    | 'state named after a record'
    | 'strict time'
    | 'pinned value'
    | 'unknown state'
    | 'undeclared value'
    | 'unused state'
    | 'unknown parameter';
  interaction?: string;
  where: string;
  detail: string;
}

/** Query parameters whose digits are not keys: DRF's paging. */
const PAGING = new Set(['page', 'page_size']);
/** A body field that holds a key, or a list of keys. */
const ID_FIELD = /(^|_)ids?$/;
/** Words that, followed by a number or a letter, name a record of a seed. */
const SEED_NAME =
  /\b(projects?|risks?|issues?|accounts?|groups?|polls?|checks?|checklists?|drafts?|items?|periods?|users?|lines?|segments?)\s+(\d+|[A-Z]\b)/;
/** A string that reads as a date-time. */
const LOOKS_LIKE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** An enum value: the backend answers it as the state makes it, whatever its records. */
const CODE = /^[a-z][a-z0-9_]*$/;
/** Fields whose values are names of people or records, never codes. */
const NAME_FIELD = /(^|_)(login|name|email|title|username)$/;

const lastKey = (path: string) => /(?:\.(\w+)|\['([^']*)'\])(?:\[\d+\])*$/.exec(path);
const keyOf = (path: string) => {
  const match = lastKey(path);
  return match ? (match[1] ?? match[2] ?? '') : '';
};

function literalIds(interaction: PactInteraction): Finding[] {
  const { request } = interaction;
  const found: Finding[] = [];
  const at = (where: string, detail: string) =>
    found.push({ kind: 'literal id', interaction: interaction.description, where, detail });
  if (!request.generators?.path && /\/\d+(\/|$)/.test(request.path))
    at('path', `${request.method} ${request.path}`);
  for (const [key, values] of Object.entries(request.query ?? {}))
    if (!PAGING.has(key) && values.some((value) => /^\d+$/.test(value)))
      if (!request.generators?.query?.[key]) at(`query ${key}`, values.join(', '));
  const generated = new Set(Object.keys(request.generators?.body ?? {}));
  const keyFields = new Set<string>();
  for (const { path, value } of leaves(request.body?.content)) {
    const keyField = /^.*?\['\d+'\]/.exec(path)?.[0];
    if (keyField) keyFields.add(keyField);
    else if (typeof value === 'number' && ID_FIELD.test(keyOf(path)) && !generated.has(path))
      at(`body ${path}`, String(value));
  }
  for (const path of keyFields) at(`body ${path}`, 'a key of the backend used as a field name');
  return found;
}

function answerFindings(interaction: PactInteraction): Finding[] {
  const found: Finding[] = [];
  const { response, request } = interaction;
  const rules = response.matchingRules?.body;
  const sent = new Set(leaves(request.body?.content).map(({ value }) => JSON.stringify(value)));
  for (const [rulePath, rule] of Object.entries(rules ?? {}))
    for (const matcher of rule.matchers) {
      const strictRegex =
        matcher.match === 'regex' &&
        matcher.regex !== DATE_TIME &&
        /T|SSS|HH/.test(matcher.regex ?? '') &&
        /\\d\{2\}:/.test(matcher.regex ?? '');
      if (['timestamp', 'datetime', 'time'].includes(matcher.match) || strictRegex)
        found.push({
          kind: 'strict time',
          interaction: interaction.description,
          where: `answer ${rulePath}`,
          detail: matcher.format ?? matcher.regex ?? matcher.match,
        });
    }
  for (const { path, value } of leaves(response.body?.content)) {
    if (rulesOver(path, rules).length > 0 || sent.has(JSON.stringify(value))) continue;
    const pinned =
      typeof value === 'string'
        ? value !== '' &&
          !(CODE.test(value) && !NAME_FIELD.test(keyOf(path))) &&
          !pinnedTextOf(value)
        : typeof value === 'number' && value !== 0;
    if (!pinned) continue;
    found.push({
      kind:
        typeof value === 'string' && LOOKS_LIKE_TIME.test(value) ? 'strict time' : 'pinned value',
      interaction: interaction.description,
      where: `answer ${path}`,
      detail: JSON.stringify(value),
    });
  }
  return found;
}

/** Everything in the pact that a backend with its own records and keys could not meet. */
export function auditPact(pact: PactFile, definitions: ProviderStateDefinition[]): Finding[] {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const used = new Set<string>();
  const findings: Finding[] = [];
  for (const interaction of pact.interactions) {
    findings.push(...literalIds(interaction), ...answerFindings(interaction));
    const states = interaction.providerStates ?? [];
    const declared = new Set<string>();
    for (const state of states) {
      used.add(state.name);
      const definition = byName.get(state.name);
      if (!definition) {
        findings.push({
          kind: 'unknown state',
          interaction: interaction.description,
          where: 'providerStates',
          detail: state.name,
        });
        continue;
      }
      for (const name of Object.keys(returnedValues(definition))) declared.add(name);
      for (const [param, value] of Object.entries(state.params ?? {})) {
        const known = definition.params?.[param];
        if (!known || !known.values.includes(value as string | number))
          findings.push({
            kind: 'unknown parameter',
            interaction: interaction.description,
            where: `providerStates ${state.name}`,
            detail: `${param} = ${JSON.stringify(value)}`,
          });
      }
    }
    if (states.some((state) => !byName.has(state.name))) continue;
    for (const name of injectedNames(interaction))
      if (!declared.has(name))
        findings.push({
          kind: 'undeclared value',
          interaction: interaction.description,
          where: 'request',
          detail: `\${${name}} is not a value of ${states.map((state) => `"${state.name}"`).join(', ') || 'any state'}`,
        });
  }
  for (const definition of definitions) {
    if (!used.has(definition.name))
      findings.push({ kind: 'unused state', where: 'states', detail: definition.name });
    if (SEED_NAME.test(definition.name))
      findings.push({
        kind: 'state named after a record',
        where: 'states',
        detail: definition.name,
      });
  }
  for (const name of used)
    if (!byName.has(name) && SEED_NAME.test(name))
      findings.push({ kind: 'state named after a record', where: 'states', detail: name });
  return findings;
}

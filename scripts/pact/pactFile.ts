import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACT_DIR } from '../../src/testing/pact/pactDir';
import { CONSUMER, PROVIDER } from '../../src/testing/pact/names';

/** The parts of a Pact V4 file that the catalogue and the audit read. */
export interface PactFile {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
}

export interface PactInteraction {
  description: string;
  providerStates?: { name: string; params?: Record<string, unknown> }[];
  request: PactRequest;
  response: PactResponse;
}

interface Matcher {
  match: string;
  regex?: string;
  format?: string;
  /** `arrayContains`: the rules of each variant, by the index of its example in the array. */
  variants?: { index: number; rules: Rules }[];
}
type Rules = Record<string, { matchers: Matcher[] }>;
type Generators = Record<string, { type: string; expression?: string }>;

export interface PactRequest {
  method: string;
  path: string;
  query?: Record<string, string[]>;
  headers?: Record<string, string[]>;
  body?: { content?: unknown; contentType?: string };
  matchingRules?: { body?: Rules; query?: Rules; header?: Rules; path?: Rules[string] };
  generators?: {
    body?: Generators;
    query?: Generators;
    header?: Generators;
    path?: { type: string; expression?: string };
  };
}

export interface PactResponse {
  status: number;
  body?: { content?: unknown; contentType?: string };
  matchingRules?: { body?: Rules };
  generators?: { body?: Generators };
}

/** The pact the consumer tests write. */
export const PACT_FILE = join(PACT_DIR, `${CONSUMER}-${PROVIDER}.json`);

export const readPact = (file = PACT_FILE): PactFile =>
  JSON.parse(readFileSync(file, 'utf8')) as PactFile;

/** A JSON value's leaves with their paths (`$.a[0].b`). */
export function leaves(value: unknown, path = '$'): { path: string; value: unknown }[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      leaves(item, /^[A-Za-z_][\w]*$/.test(key) ? `${path}.${key}` : `${path}['${key}']`),
    );
  return [{ path, value }];
}

/** The segments of a JSON path: `$.a[0]['b c'][*]` → ['a', '0', 'b c', '*']. */
function segments(path: string): string[] {
  const found: string[] = [];
  const pattern = /\.([A-Za-z_*][\w]*)|\[(\d+|\*)\]|\['([^']*)'\]/g;
  for (const match of path.slice(1).matchAll(pattern))
    found.push(match[1] ?? match[2] ?? match[3]!);
  return found;
}

const segmentMatches = (rule: string, actual: string) => rule === '*' || rule === actual;

const pathOf = (parts: string[]) =>
  `$${parts.map((part) => (/^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_][\w]*$/.test(part) ? `.${part}` : `['${part}']`)).join('')}`;

/**
 * The rule paths of `rules` that apply to the leaf at `path`: those naming it, `type` rules of an
 * ancestor (Pact's type matching cascades to the children of what it matches), and the rules of
 * the `arrayContains` variant an ancestor array holds the leaf's item by.
 */
export function rulesOver(path: string, rules: Rules | undefined): string[] {
  if (!rules) return [];
  const leaf = segments(path);
  return Object.entries(rules).flatMap(([rulePath, rule]) => {
    const ruleSegments = segments(rulePath);
    if (ruleSegments.length > leaf.length) return [];
    if (!ruleSegments.every((segment, index) => segmentMatches(segment, leaf[index]!))) return [];
    if (ruleSegments.length === leaf.length) return [rulePath];
    if (rule.matchers.some((matcher) => matcher.match === 'type')) return [rulePath];
    const [item, ...rest] = leaf.slice(ruleSegments.length);
    return rule.matchers.flatMap(
      (matcher) =>
        matcher.variants
          ?.filter((variant) => String(variant.index) === item)
          .flatMap((variant) => rulesOver(pathOf(rest), variant.rules))
          .map((inner) => `${rulePath}[${item}]${inner.slice(1)}`) ?? [],
    );
  });
}

/** The names of the provider-state values an interaction's request injects. */
export function injectedNames(interaction: PactInteraction): string[] {
  const generators = interaction.request.generators ?? {};
  const expressions = [
    generators.path?.expression,
    ...Object.values(generators.body ?? {}).map((generator) => generator.expression),
    ...Object.values(generators.query ?? {}).map((generator) => generator.expression),
    ...Object.values(generators.header ?? {}).map((generator) => generator.expression),
    ...Object.values(interaction.response.generators?.body ?? {}).map(
      (generator) => generator.expression,
    ),
  ];
  const names = expressions.flatMap((expression) =>
    [...(expression ?? '').matchAll(/\$\{(\w+)\}/g)].map((match) => match[1]!),
  );
  return [...new Set(names)].sort();
}

/** The request's path as a template: the generator's expression where the state fills it in. */
export const pathTemplate = (request: PactRequest) =>
  request.generators?.path?.expression ?? request.path;

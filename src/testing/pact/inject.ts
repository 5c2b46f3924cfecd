import { MatchersV3 } from '@pact-foundation/pact';

/**
 * Values of the provider state injected into a request (Pact's `fromProviderState`): the backend
 * creates its own records and returns their keys, so no key of our seed is in the contract. The
 * examples are what the consumer test sends to the pact mock server.
 */

type Examples = Readonly<Record<string, string | number>>;

/** `template` with each `${name}` replaced by its example. */
function exampleOf(template: string, examples: Examples): string {
  return template.replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const example = examples[name];
    if (example === undefined) throw new Error(`No example for \${${name}} in ${template}`);
    return String(example);
  });
}

/** A path holding values of the state: `statePath('/api/polls/${pollId}/', { pollId: 2 })`. */
export const statePath = (template: string, examples: Examples) =>
  MatchersV3.fromProviderState(template, exampleOf(template, examples));

/** A number of the state in a request body (an id), with its example. */
export const stateId = (name: string, example: number) =>
  MatchersV3.fromProviderState(`\${${name}}`, example);

/** A string of the state (a token, a query parameter holding an id), with its example. */
export const stateText = (name: string, example: string | number) =>
  MatchersV3.fromProviderState(`\${${name}}`, String(example));

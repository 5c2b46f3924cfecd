import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { returnedValues, type StateGroup } from '../../src/testing/pact/state';

/** The values a state handler returns for the requests to inject. */
export type StateValues = Record<string, unknown>;
type Params = Record<string, unknown> | undefined;
export type StateHandlerMap = NonNullable<VerifierOptions['stateHandlers']>;

interface TokenPair {
  access: string;
  refresh: string;
}
/** A persona's valid tokens, and tokens of the same persona that have expired. */
export interface SignedIn {
  valid: TokenPair;
  expired: TokenPair;
}
/** Signs a persona in on a store reset to the fixtures. */
export type SignIn = (personaId: string) => Promise<SignedIn>;
/**
 * An area's provider states (`mock-server/areas/<area>/pactStates.ts` exports one as `pactStates`):
 * scripts/pact/states.ts gathers every area's, so a new area adds none of its own lines there.
 */
export type AreaPactStates = (app: MockApp, signIn: SignIn) => StateHandlerMap;
/** What a handler is given: the state's parameters and the persona's tokens. */
export interface StateContext extends SignedIn {
  params: Params;
}

/**
 * The mock backend's handlers of an area's states, keyed by each definition's name. Each handler
 * is held to its definition: it signs in the definition's persona (the `accessToken` is added
 * here), and the values it returns are exactly those the definition declares.
 */
export function handlersFor<Group extends StateGroup>(
  group: Group,
  signIn: SignIn,
  handlers: {
    [Key in keyof Group]: (context: StateContext) => StateValues | Promise<StateValues>;
  },
): StateHandlerMap {
  return Object.fromEntries(
    Object.entries(group).map(([key, definition]) => {
      const handler = async (params: Params) => {
        const tokens = await signIn(definition.persona);
        const values = {
          accessToken: tokens.valid.access,
          ...(await handlers[key]!({ ...tokens, params })),
        };
        const declared = Object.keys(returnedValues(definition)).sort();
        const returned = Object.keys(values).sort();
        if (declared.join() !== returned.join())
          throw new Error(
            `The state "${definition.name}" returns ${returned.join(', ')} but declares ${declared.join(', ')}`,
          );
        return values;
      };
      return [definition.name, handler];
    }),
  ) as unknown as StateHandlerMap;
}

/**
 * A provider state as the contract defines it: the situation in the domain's words, the persona
 * the requests are sent as, the records the backend sets up (in words, never our seed's keys), its
 * parameters and every value it returns for the requests to inject (`fromProviderState`).
 *
 * The consumer tests name these definitions, the mock backend's state handlers set them up, and
 * `npm run pact:catalogue` turns them into `pacts/provider-states.json` and `pacts/README.md` for
 * the backend team.
 */

/** The personas of fixtures/personas.json; the catalogue lists each one's permission strings. */
export type PersonaId =
  | 'admin'
  | 'pm'
  | 'expert'
  | 'main_expert'
  | 'qcl'
  | 'auditor'
  | 'supervisor'
  | 'risk_owner'
  | 'account_owner'
  | 'viewer'
  | 'portfolio';

/** What a returned value is: an integer key of the backend's, or a string (a token, a code). */
export interface StateValue {
  type: 'integer' | 'string';
  /** What the value is, in the domain's words. */
  about: string;
}

/** A parameter of a state (Pact V4 `given(name, params)`): the choice one situation needs. */
export interface StateParam {
  type: 'integer' | 'string';
  about: string;
  /** The values the pact uses. */
  values: readonly (string | number)[];
}

export interface ProviderStateDefinition {
  /** The name the pact carries: a situation, never a seed record. */
  name: string;
  /** The persona the state signs in; its token is `accessToken`. */
  persona: PersonaId;
  /** The records the backend sets up for it, in words. */
  needs: string;
  /** Every value the state returns beside `accessToken`. */
  returns: Readonly<Record<string, StateValue>>;
  params?: Readonly<Record<string, StateParam>>;
}

/** The definitions of one area, keyed as its tests name them. */
export type StateGroup = Readonly<Record<string, ProviderStateDefinition>>;

/** `accessToken`, which every state returns: a valid JWT access token of its persona. */
export const ACCESS_TOKEN: StateValue = {
  type: 'string',
  about:
    'a valid JWT access token of the persona (simplejwt), sent as `Authorization: JWT <token>`',
};

/** An integer key the backend gave a record the state set up. */
export const id = (about: string): StateValue => ({ type: 'integer', about });

/** An integer that the backend has given no record of its kind: the request must answer 404. */
export const missingId = (kind: string): StateValue => ({
  type: 'integer',
  about: `an id that no ${kind} has (the request answers 404)`,
});

/** Defines an area's states; the object is kept as written so the tests name them by key. */
export const defineStates = <Group extends StateGroup>(group: Group): Group => group;

/** Every value a state returns: `accessToken` and its own. */
export const returnedValues = (state: ProviderStateDefinition): Record<string, StateValue> => ({
  accessToken: ACCESS_TOKEN,
  ...state.returns,
});

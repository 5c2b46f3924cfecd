import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { MatchersV3, type PactV4 } from '@pact-foundation/pact';
import type { ApiError } from '../../api/baseQuery';
import type { RootState } from '../../app/store';
import { EXAMPLE_ACCESS, EXAMPLE_REFRESH, authorizedWith, storeAgainst } from './provider';
import type { ProviderStateDefinition } from './state';

/**
 * How a consumer test meets the pact mock server: interactions sent as the persona a provider state
 * signs in, and the real RTK Query endpoints called against it.
 */

/**
 * A provider state an interaction is given: its definition, or the definition with the Pact V4
 * parameters that pick one situation among those it describes.
 */
export type StateRef =
  | ProviderStateDefinition
  | { state: ProviderStateDefinition; params: Record<string, string | number> };

/** Pact's `given` arguments for a state. */
export function givenOf(ref: StateRef): [string, Record<string, string | number>?] {
  return 'state' in ref ? [ref.state.name, ref.params] : [ref.name];
}

/**
 * Interactions in a provider state, sent with the token the state minted (`Authorization: JWT …`):
 * `interaction(state, description).post(path, body)`, then pact's own `willRespondWith`.
 */
export function interactionsOf(pact: PactV4) {
  return (state: StateRef, description: string) => {
    const withRequest = (
      method: string,
      path: Path,
      request: (builder: RequestBuilder) => void = () => undefined,
    ) =>
      pact
        .addInteraction()
        .given(...givenOf(state))
        .uponReceiving(description)
        .withRequest(method, path as string, (builder) => {
          builder.headers(authorizedWith());
          request(builder);
        });
    const withJson = (method: string) => (path: Path, body: unknown) =>
      withRequest(method, path, (builder) => builder.jsonBody(body));
    return {
      withRequest,
      get: (path: Path, query?: Query) =>
        withRequest('GET', path, (builder) => {
          if (query) builder.query(query);
        }),
      post: withJson('POST'),
      put: withJson('PUT'),
      patch: withJson('PATCH'),
      delete: (path: Path) => withRequest('DELETE', path),
    };
  };
}

/** A store whose real RTK Query endpoints call the pact mock server with valid tokens. */
export const signedInStore = (url: string) =>
  storeAgainst(url, { access: EXAMPLE_ACCESS, refresh: EXAMPLE_REFRESH });

/** Calls the endpoint on a fresh signed-in store against the mock server; resolves to its data. */
export function dataFrom<Arg, Result extends { unwrap(): Promise<unknown> }>(
  mock: MockServer,
  endpoint: Endpoint<Arg, Result>,
  ...[arg]: ArgOf<Arg>
): ReturnType<Result['unwrap']> {
  const call = signedInStore(mock.url).dispatch(endpoint.initiate(arg as Arg));
  return call.unwrap() as ReturnType<Result['unwrap']>;
}

/** Calls the endpoint like `dataFrom`; resolves to its error, undefined when it succeeded. */
export async function errorFrom<Arg, Result extends PromiseLike<{ error?: unknown }>>(
  mock: MockServer,
  endpoint: Endpoint<Arg, Result>,
  ...[arg]: ArgOf<Arg>
): Promise<ApiError | undefined> {
  const result = await signedInStore(mock.url).dispatch(endpoint.initiate(arg as Arg));
  return result.error as ApiError | undefined;
}

/** pact-js does not export its V4 request builder type; it is the one `withRequest` hands over. */
type RequestBuilder = Parameters<
  NonNullable<Parameters<ReturnType<PactV4['addInteraction']>['withRequest']>[2]>
>[0];

/** A literal path, or one with the ids the provider state names. */
type Path = string | ReturnType<typeof MatchersV3.fromProviderState>;
type Query = Parameters<RequestBuilder['query']>[0];

/** An RTK Query endpoint, query or mutation: `api.endpoints.x`. */
interface Endpoint<Arg, Result> {
  initiate(arg: Arg): ThunkAction<Result, RootState, unknown, UnknownAction>;
}

/** The endpoint's argument; none for an endpoint that takes none. */
type ArgOf<Arg> = undefined extends Arg ? [arg?: Arg] : [arg: Arg];

/** The pact mock server `executeTest` hands over. */
interface MockServer {
  url: string;
}

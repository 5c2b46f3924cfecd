import type { VerifierOptions } from '@pact-foundation/pact';

type StateHandlers = NonNullable<VerifierOptions['stateHandlers']>;
type Action = 'setup' | 'teardown';

/**
 * The provider's state-change endpoint, called for every state of every pact: POST
 * `{state, params, action}` to `url` exactly as given. (Pact's own `providerStatesSetupUrl`, now
 * deprecated, drops a trailing slash: Django's APPEND_SLASH then answers 301 and the verifier
 * follows it as a GET.) A redirect is not followed: it is reported with the address to use.
 */
export function remoteStateHandlers(url: string, fetchImpl: typeof fetch = fetch): StateHandlers {
  const call = async (state: string, action: Action, params: unknown) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ state, params: params ?? {}, action }),
    });
    if (response.status >= 300 && response.status < 400)
      throw new Error(
        `The states URL ${url} answered ${response.status} to ${response.headers.get('location') ?? '(no location)'}: give --states-url exactly as the backend serves it.`,
      );
    if (!response.ok)
      throw new Error(
        `The states URL answered ${response.status} to the ${action} of "${state}": ${await response.text()}`,
      );
    if (action === 'teardown') return undefined;
    const text = await response.text();
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const handlerOf = (state: string) => ({
    setup: (params?: unknown) => call(state, 'setup', params),
    teardown: (params?: unknown) => call(state, 'teardown', params),
  });
  // Pact looks a state's handler up by its name: every name has one, found at the call.
  return new Proxy({} as StateHandlers, {
    get: (_target, name) =>
      typeof name === 'string' && name !== 'then' ? handlerOf(name) : undefined,
    has: (_target, name) => typeof name === 'string',
  });
}

import { http, HttpResponse, type JsonBodyType } from 'msw';
import { baseApi } from '../api/baseApi';
import type { AppStore } from '../app/store';
import { makeSignedInStore } from './makeStore';
import { API } from './msw/handlers';
import { server } from './msw/server';

type Method = 'post' | 'put' | 'patch' | 'delete';

/** A call whose cache effect a test checks: its request, its answer and how to dispatch it. */
export interface CallUnderTest {
  name: string;
  request: [Method, string];
  /** The success answer; `null` answers 204. */
  answer: JsonBodyType;
  call: (dispatch: AppStore['dispatch']) => PromiseLike<unknown>;
  /** The GET paths that fetch again once the call succeeded, sorted. */
  refetched: string[];
}

/**
 * A screen's worth of cached queries: each GET path answers its body and counts its fetches, and
 * `subscribe` keeps each query alive as a mounted component would.
 */
export function cacheScenario(
  queries: Record<string, JsonBodyType>,
  subscribe: (dispatch: AppStore['dispatch']) => PromiseLike<unknown>[],
) {
  const fetched: string[] = [];
  server.use(
    ...Object.entries(queries).map(([path, body]) =>
      http.get(`${API}${path}`, () => {
        fetched.push(path);
        return HttpResponse.json(body);
      }),
    ),
  );

  /** Runs the call, answered as it succeeds or with a DRF 400; the GET paths fetched since. */
  async function refetchedAfter(
    { request: [method, path], answer, call }: CallUnderTest,
    ok = true,
  ) {
    const store = makeSignedInStore();
    await Promise.all(subscribe(store.dispatch));
    fetched.length = 0;
    server.use(
      http[method](`${API}${path}`, () =>
        !ok
          ? HttpResponse.json({ detail: 'Refused.' }, { status: 400 })
          : answer === null
            ? new HttpResponse(null, { status: 204 })
            : HttpResponse.json(answer),
      ),
    );
    await call(store.dispatch);
    await settled(store);
    return [...new Set(fetched)].sort();
  }

  return { refetchedAfter };
}

/** Waits until the refetches an invalidation started have all answered. */
async function settled(store: AppStore) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const running = store.dispatch(baseApi.util.getRunningQueriesThunk());
    if (running.length === 0) return;
    await Promise.all(running);
  }
}

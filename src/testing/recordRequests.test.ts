import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API } from './msw/handlers';
import { server } from './msw/server';
import { recordRequests } from './recordRequests';

let fromTheFirstTest: URL[] = [];

describe('recordRequests', () => {
  it('sees the requests to its path and method, in order, and leaves the answer to the handlers', async () => {
    server.use(
      http.get(`${API}/api/things/:id/`, ({ params }) => HttpResponse.json({ id: params.id })),
      http.post(`${API}/api/things/:id/`, () => HttpResponse.json({}, { status: 201 })),
      http.get(`${API}/api/other/`, () => HttpResponse.json([])),
    );
    const seen = recordRequests('/api/things/:id/');
    const answer = await fetch(`${API}/api/things/4/?page=2`);
    await fetch(`${API}/api/things/5/`, { method: 'POST' });
    await fetch(`${API}/api/other/`);
    await fetch(`${API}/api/things/6/`);
    expect(await answer.json()).toEqual({ id: '4' });
    expect(seen.map((url) => url.pathname + url.search)).toEqual([
      '/api/things/4/?page=2',
      '/api/things/6/',
    ]);
    const posts = recordRequests('/api/things/:id/', 'POST');
    await fetch(`${API}/api/things/7/`, { method: 'POST' });
    expect(posts.map((url) => url.pathname)).toEqual(['/api/things/7/']);
    fromTheFirstTest = seen;
  });

  it('stops with the test that started it', async () => {
    server.use(http.get(`${API}/api/things/:id/`, () => HttpResponse.json({})));
    await fetch(`${API}/api/things/8/`);
    expect(fromTheFirstTest).toHaveLength(2);
  });
});

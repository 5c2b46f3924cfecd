import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import banner from '../fixtures/banner.json' with { type: 'json' };
import { createMockApp, type MockApp } from './app';
import { signIn, type SignedIn } from './testing/signIn';

describe('GET /api/admin_extensions/banner/', () => {
  it('answers {html_text} holding the fixture HTML with a link', async () => {
    const { app, auth } = await signIn('viewer');
    const res = await request(app).get('/api/admin_extensions/banner/').set(auth);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(['html_text']);
    expect(res.body.html_text).toContain('<a href');
    expect(res.body.html_text).toBe(banner.html_text);
  });

  it('answers 401 without credentials', async () => {
    const res = await request(createMockApp()).get('/api/admin_extensions/banner/');
    expect(res.status).toBe(401);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

describe('POST /api/stats/', () => {
  const STATS = '/api/stats/';

  it('answers 405 to other methods, as a create-only DRF view does', async () => {
    const { app, auth } = await signIn('pm');
    const res = await request(app).get(STATS).set(auth);
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: 'Method "GET" not allowed.' });
  });

  it('answers 201 with the stored record and keeps it in the store', async () => {
    const { app, headers, user } = await signIn('pm');
    const res = await request(app)
      .post(STATS)
      .set(headers)
      .send({ data: { action: 'login' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: 1,
      user_id: user.id,
      created_at: expect.any(String),
      data: { action: 'login' },
    });
    expect(new Date(res.body.created_at as string).toISOString()).toBe(res.body.created_at);
    expect(app.mock.db.getState().stats).toEqual([res.body]);
  });

  it('accepts an event with every optional field and numbers the records one after another', async () => {
    const { app, headers } = await signIn('admin');
    const event = {
      action: 'page_navigation',
      action_detail: 'from dashboard',
      id: 1,
      project_id: 3,
      business_line_id: null,
      business_segment_id: 4,
      account_id: 5,
      selected_object_id: 6,
      tab: 'x'.repeat(200),
      newMetrics: true,
      current_value: 'a',
      previous_value: 2,
    };
    const first = await request(app)
      .post(STATS)
      .set(headers)
      .send({ data: { action: 'login' } });
    const second = await request(app).post(STATS).set(headers).send({ data: event });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id + 1);
    expect(second.body.data).toEqual(event);
    expect(app.mock.db.getState().stats.map((record) => record.data)).toEqual([
      { action: 'login' },
      event,
    ]);
  });

  describe('rejects a malformed event with 400 and stores nothing', () => {
    let signedIn: SignedIn;
    beforeAll(async () => {
      signedIn = await signIn('pm');
      // One record already there, so "unchanged" is not just "still empty".
      const seeded = await request(signedIn.app)
        .post(STATS)
        .set(signedIn.headers)
        .send({ data: { action: 'logout' } });
      expect(seeded.status).toBe(201);
    });

    async function expectRejected(send: (app: MockApp) => request.Test, expected: unknown) {
      const before = structuredClone(signedIn.app.mock.db.readState().stats);
      const res = await send(signedIn.app);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expected);
      expect(signedIn.app.mock.db.getState().stats).toEqual(before);
      expect(before).toHaveLength(1);
    }

    const post = (body: unknown) => (app: MockApp) =>
      request(app)
        .post(STATS)
        .set(signedIn.headers)
        .send(body as object);

    it('body not an object', async () => {
      await expectRejected(post([{ action: 'login' }]), {
        non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
      });
    });

    it('missing data', async () => {
      await expectRejected(post({ action: 'login' }), { data: ['This field is required.'] });
    });

    it('data not an object', async () => {
      await expectRejected(post({ data: 'login' }), {
        data: ['Invalid data. Expected a dictionary, but got str.'],
      });
    });

    it('missing action', async () => {
      await expectRejected(post({ data: { tab: 'x' } }), {
        data: { action: ['This field is required.'] },
      });
    });

    it('unknown action', async () => {
      await expectRejected(post({ data: { action: 'fly' } }), {
        data: { action: ['"fly" is not a valid choice.'] },
      });
    });

    it('id not an integer', async () => {
      await expectRejected(post({ data: { action: 'login', id: 1.5, project_id: '7' } }), {
        data: {
          id: ['A valid integer is required.'],
          project_id: ['A valid integer is required.'],
        },
      });
    });

    it('tab longer than 200 characters', async () => {
      await expectRejected(post({ data: { action: 'login_to_tab', tab: 'x'.repeat(201) } }), {
        data: { tab: ['Ensure this field has no more than 200 characters.'] },
      });
    });

    it('unknown field', async () => {
      await expectRejected(post({ data: { action: 'login', colour: 'red' } }), {
        data: { colour: ['Unknown field.'] },
      });
    });

    it('every problem at once, as a DRF serializer reports them', async () => {
      await expectRejected(post({ data: { id: 'one', newMetrics: 'yes', tab: [5] } }), {
        data: {
          action: ['This field is required.'],
          id: ['A valid integer is required.'],
          tab: ['Not a valid string.'],
          newMetrics: ['Must be a valid boolean.'],
        },
      });
    });

    it('malformed JSON', async () => {
      await expectRejected(
        (app) =>
          request(app)
            .post(STATS)
            .set(signedIn.headers)
            .set('Content-Type', 'application/json')
            .send('{"data": {"action": "login"}'),
        { detail: expect.stringMatching(/^JSON parse error - /) as unknown },
      );
    });
  });

  it('answers 403 without the CSRF header and stores nothing', async () => {
    const { app, auth, csrfCookie } = await signIn('pm');
    const res = await request(app)
      .post(STATS)
      .set(auth)
      .set('Cookie', csrfCookie)
      .send({ data: { action: 'login' } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/^CSRF Failed: /);
    expect(app.mock.db.getState().stats).toEqual([]);
  });

  it('answers 401 without credentials and stores nothing', async () => {
    const { app, csrfCookie, csrfToken } = await signIn('pm');
    const res = await request(app)
      .post(STATS)
      .set('Cookie', csrfCookie)
      .set('X-CSRFToken', csrfToken)
      .send({ data: { action: 'login' } });
    expect(res.status).toBe(401);
    expect(app.mock.db.getState().stats).toEqual([]);
  });

  it('does not serve GET /api/stats/ (404 or 405, never 500)', async () => {
    const { app, auth } = await signIn('admin');
    const res = await request(app).get(STATS).set(auth);
    expect([404, 405]).toContain(res.status);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

describe('unknown /api paths', () => {
  it("answers Django's HTML 404 page to an unknown path", async () => {
    const { app, auth } = await signIn('admin');
    const res = await request(app).get('/api/no-such-thing/').set(auth);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.text).toContain('<h1>Not Found</h1>');
  });

  it('redirects a known path without its trailing slash to the slashed one (301)', async () => {
    const { app, auth } = await signIn('admin');
    for (const url of ['/api/auth/self', '/api/projects', '/api/projects/3']) {
      const res = await request(app).get(url).set(auth);
      expect(res.status, url).toBe(301);
      expect(res.headers.location, url).toBe(`${url}/`);
    }
  });
});

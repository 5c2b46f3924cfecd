import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  quarterOf,
  type CheckOutcomeRow,
  type CheckOverviewRow,
  type CheckSummaryRow,
} from '../../../src/api/contract/checkViews';
import type { Paginated } from '../../../src/api/contract/drf';
import type { PollListItem } from '../../../src/api/contract/polls';
import { PERIOD_MESSAGE } from '../../../src/api/contract/targets';
import type { MockApp } from '../../app';
import { signIn, type SignedIn } from '../../testing/signIn';

let admin: SignedIn;
const as = (persona: string) => signIn(persona, { app: admin.app as MockApp });

async function list<Row>(
  user: SignedIn,
  path: string,
  query: Record<string, string | number> = {},
): Promise<Paginated<Row>> {
  const res = await request(user.app).get(path).query(query).set(user.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Paginated<Row>;
}

/** Every check the user sees in the checks list, by id. */
async function checkIds(user: SignedIn): Promise<number[]> {
  const page = await list<PollListItem>(user, '/api/polls/', { page_size: 1000 });
  return page.results.map((poll) => poll.id).sort((a, b) => a - b);
}

beforeAll(async () => {
  admin = await signIn('admin');
});

describe('GET /api/check-overviews/', () => {
  it('lists every check the user may see, as the checks list does, with the project texts', async () => {
    const all = await list<CheckOverviewRow>(admin, '/api/check-overviews/', { page_size: 1000 });
    expect(all.results.map((row) => row.check.id).sort((a, b) => a - b)).toEqual(
      await checkIds(admin),
    );
    const pm = await as('pm');
    const mine = await list<CheckOverviewRow>(pm, '/api/check-overviews/', { page_size: 1000 });
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.count).toBeLessThan(all.count);
    expect(mine.results.map((row) => row.check.id).sort((a, b) => a - b)).toEqual(
      await checkIds(pm),
    );

    const first = all.results.find((row) => row.check.id === 1)!;
    expect(first.project.id).toBeGreaterThan(0);
    expect(first.account.id).toBeGreaterThan(0);
    expect(first.account.name).not.toBe('');
    expect(first.description).not.toBe('');
    expect(typeof first.expert_description).toBe('string');
  });

  it('pages as DRF does and orders by the latest due date first by default', async () => {
    const page = await list<CheckOverviewRow>(admin, '/api/check-overviews/', {
      page_size: 10,
      page: 2,
    });
    expect(page.results).toHaveLength(10);
    expect(page.next).toMatch(/page=3/);
    expect(page.previous).toMatch(/check-overviews\/\?page_size=10$/);
    const dues = page.results.map((row) => row.check.due_date);
    expect(dues).toEqual([...dues].sort().reverse());

    const past = await request(admin.app)
      .get('/api/check-overviews/')
      .query({ page: 999 })
      .set(admin.auth);
    expect(past.status).toBe(404);
  });

  it('searches the project texts, and filters by account, period, model and status', async () => {
    const all = await list<CheckOverviewRow>(admin, '/api/check-overviews/', { page_size: 1000 });
    const sample = all.results.find((row) => row.description.length > 20)!;
    const words = sample.description.slice(0, 20).toUpperCase();
    const searched = await list<CheckOverviewRow>(admin, '/api/check-overviews/', {
      search: words,
      page_size: 1000,
    });
    expect(searched.results.map((row) => row.check.id)).toContain(sample.check.id);
    expect(
      searched.results.every((row) =>
        [
          row.description,
          row.expert_description,
          row.project.name,
          row.account.name,
          row.check.index,
        ]
          .join(' ')
          .toUpperCase()
          .includes(words),
      ),
    ).toBe(true);

    const period = quarterOf(sample.check.due_date);
    const narrowed = await list<CheckOverviewRow>(admin, '/api/check-overviews/', {
      account: sample.account.name.slice(0, 6).toLowerCase(),
      period,
      model: sample.check.model,
      status: sample.check.status,
      page_size: 1000,
    });
    expect(narrowed.results.map((row) => row.check.id)).toContain(sample.check.id);
    for (const row of narrowed.results) {
      expect(row.account.name.toLowerCase()).toContain(
        sample.account.name.slice(0, 6).toLowerCase(),
      );
      expect(quarterOf(row.check.due_date)).toBe(period);
      expect(row.check.model).toBe(sample.check.model);
      expect(row.check.status).toBe(sample.check.status);
    }
    expect(narrowed.count).toBeLessThan(all.count);
  });

  it('orders by a field, descending with "-", ignoring unknown fields', async () => {
    const byProject = await list<CheckOverviewRow>(admin, '/api/check-overviews/', {
      ordering: 'project',
      page_size: 50,
    });
    const names = byProject.results.map((row) => row.project.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const byIndex = await list<CheckOverviewRow>(admin, '/api/check-overviews/', {
      ordering: '-index',
      page_size: 50,
    });
    const indexes = byIndex.results.map((row) => row.check.index.toLowerCase());
    expect(indexes).toEqual([...indexes].sort().reverse());
    const unknown = await list<CheckOverviewRow>(admin, '/api/check-overviews/', {
      ordering: 'password',
      page_size: 20,
    });
    const plain = await list<CheckOverviewRow>(admin, '/api/check-overviews/', { page_size: 20 });
    expect(unknown.results).toEqual(plain.results);
  });

  it('answers a malformed filter with a 400 by field', async () => {
    const res = await request(admin.app)
      .get('/api/check-overviews/')
      .query({ period: '2026-11', model: 'iso', status: 'open' })
      .set(admin.auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      period: [PERIOD_MESSAGE],
      model: ['Select a valid choice. iso is not one of the available choices.'],
      status: ['Select a valid choice. open is not one of the available choices.'],
    });
  });

  it('answers 403 naming the flag to a user without it, before reading the filters', async () => {
    const viewer = await as('viewer');
    const res = await request(viewer.app)
      .get('/api/check-overviews/')
      .query({ period: 'soon' })
      .set(viewer.auth);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      detail: 'You do not have permission to perform this action (CAN_VIEW_PROJECT_DETAILS).',
    });
    const anonymous = await request(admin.app).get('/api/check-overviews/');
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/check-summaries/', () => {
  it("gives each check's experts' and PMs' risk status and summary, searchable", async () => {
    const all = await list<CheckSummaryRow>(admin, '/api/check-summaries/', { page_size: 1000 });
    expect(all.results.map((row) => row.check.id).sort((a, b) => a - b)).toEqual(
      await checkIds(admin),
    );
    const written = all.results.find((row) => row.experts_summary.risk_status !== '')!;
    expect(written.experts_summary.summary).not.toBe('');
    expect(Object.keys(written.pms_summary).sort()).toEqual(['risk_status', 'summary']);

    const phrase = written.experts_summary.risk_status.slice(0, 18);
    const found = await list<CheckSummaryRow>(admin, '/api/check-summaries/', {
      search: phrase,
      page_size: 1000,
    });
    expect(found.results.map((row) => row.check.id)).toContain(written.check.id);
    expect(found.count).toBeLessThan(all.count);
  });

  it('filters by status and orders by due date', async () => {
    const finished = await list<CheckSummaryRow>(admin, '/api/check-summaries/', {
      status: 'finished',
      ordering: 'due_date',
      page_size: 1000,
    });
    expect(finished.count).toBeGreaterThan(0);
    expect(finished.results.every((row) => row.check.status === 'finished')).toBe(true);
    const dues = finished.results.map((row) => row.check.due_date);
    expect(dues).toEqual([...dues].sort());
  });

  it('answers 403 naming CAN_VIEW_SUMMARY, and 400 for a period that is no quarter', async () => {
    const viewer = await as('viewer');
    const refused = await request(viewer.app).get('/api/check-summaries/').set(viewer.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('(CAN_VIEW_SUMMARY)');
    const bad = await request(admin.app)
      .get('/api/check-summaries/')
      .query({ period: '2026-Q5' })
      .set(admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ period: [PERIOD_MESSAGE] });
  });
});

describe('GET /api/check-outcomes/', () => {
  it("lists audit 10's findings, one row each, the most serious first", async () => {
    const page = await list<CheckOutcomeRow>(admin, '/api/check-outcomes/', { page_size: 1000 });
    expect(page.results.every((row) => row.check.type === 'audit_check')).toBe(true);
    const ten = page.results.filter((row) => row.check.id === 10);
    expect(ten.map((row) => [row.finding.severity, row.finding.title])).toEqual([
      ['major', 'No signed change requests for two scope changes'],
      ['minor', 'Risk register not reviewed monthly'],
      ['observation', 'Lessons learned kept in the wiki'],
    ]);
    expect(ten[0]!.finding.owner?.name).toBeTruthy();
    expect(ten[0]!.finding.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ten[2]!.finding.owner).toBeNull();
    const ranks = page.results.map((row) => row.finding.severity);
    expect(ranks.indexOf('observation')).toBeGreaterThan(ranks.lastIndexOf('major'));
  });

  it('filters by severity and orders by the corrective action due date', async () => {
    const minor = await list<CheckOutcomeRow>(admin, '/api/check-outcomes/', {
      severity: 'minor',
      ordering: 'action_due_date',
      page_size: 1000,
    });
    expect(minor.count).toBeGreaterThan(1);
    expect(minor.results.every((row) => row.finding.severity === 'minor')).toBe(true);
    const dues = minor.results.map((row) => row.finding.due_date ?? '9999-12-31');
    expect(dues).toEqual([...dues].sort());
    const bad = await request(admin.app)
      .get('/api/check-outcomes/')
      .query({ severity: 'critical' })
      .set(admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      severity: ['Select a valid choice. critical is not one of the available choices.'],
    });
  });

  it('shows an auditor the findings of their audits only', async () => {
    const auditor = await as('auditor');
    const mine = await list<CheckOutcomeRow>(auditor, '/api/check-outcomes/', { page_size: 1000 });
    const visible = new Set(await checkIds(auditor));
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.results.every((row) => visible.has(row.check.id))).toBe(true);
    const all = await list<CheckOutcomeRow>(admin, '/api/check-outcomes/', { page_size: 1000 });
    expect(mine.count).toBeLessThan(all.count);
  });

  it('answers 403 naming CAN_VIEW_POLL_OUTCOMES to a project manager', async () => {
    const pm = await as('pm');
    const res = await request(pm.app).get('/api/check-outcomes/').set(pm.auth);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      detail: 'You do not have permission to perform this action (CAN_VIEW_POLL_OUTCOMES).',
    });
  });
});

describe('the views over a changed state', () => {
  it('answer a write to a check, its project or its texts at once, whichever view was asked before', async () => {
    const own = await signIn('admin');
    const first = async () => {
      const [overview] = (await list<CheckOverviewRow>(own, '/api/check-overviews/')).results;
      const [summary] = (await list<CheckSummaryRow>(own, '/api/check-summaries/')).results;
      return { overview: overview!, summary: summary! };
    };
    const before = await first();
    // A check of another project becomes the latest due, its project renamed, its text rewritten.
    const state = own.app.mock.db.getState();
    const poll = state.polls.find(
      (candidate) => candidate.project_id !== before.overview.project.id,
    )!;
    poll.due_date = '2031-01-31';
    state.projects.find((project) => project.id === poll.project_id)!.name = 'Renamed project';
    state.projectDetails.find((detail) => detail.project_id === poll.project_id)!.description =
      'A rewritten description.';

    const after = await first();
    for (const row of [after.overview, after.summary]) {
      expect(row.check).toMatchObject({ id: poll.id, due_date: '2031-01-31' });
      expect(row.project).toEqual({ id: poll.project_id, name: 'Renamed project' });
    }
    expect(after.overview.description).toBe('A rewritten description.');
    const found = await list<CheckOverviewRow>(own, '/api/check-overviews/', {
      search: 'rewritten description',
    });
    expect(found.results.map((row) => row.check.id)).toContain(poll.id);
  });
});

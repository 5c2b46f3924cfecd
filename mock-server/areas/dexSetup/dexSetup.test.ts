import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  DEX_PRACTICE_CODES,
  DEX_PRACTICES,
  type DexPracticeInput,
  type DexSetup,
  type DexSetupSaved,
} from '../../../src/api/contract/dexSetup';
import type { Checklist } from '../../../src/api/contract/checklists';
import type { CurrentUser } from '../../../src/api/contract/auth';
import type { ProjectHistoryEntry } from '../../../src/api/contract/projects';
import { CHECKLIST_TEMPLATES } from '../checklists/seed';
import { signIn, type SignedIn } from '../../testing/signIn';

const PATH = (project = 1) => `/api/projects/${project}/dex-setup/`;

const read = async ({ app, auth }: SignedIn, project = 1) =>
  (await request(app).get(PATH(project)).set(auth)).body as DexSetup;
const history = async ({ app, auth }: SignedIn) =>
  (await request(app).get('/api/projects/1/history/').set(auth)).body as ProjectHistoryEntry[];
const put = (session: SignedIn, body: unknown, project = 1) =>
  request(session.app)
    .put(PATH(project))
    .set(session.headers)
    .send(body as object);

/** The rows of a setup as the PUT takes them. */
const inputOf = (setup: DexSetup): DexPracticeInput[] =>
  setup.practices.map((practice) => ({
    code: practice.code,
    in_scope: practice.in_scope,
    reason: practice.reason,
    owner_id: practice.owner?.id ?? null,
    start_period: practice.start_period,
  }));

const askedCodes = (setup: DexSetup) => setup.asked_for.map((item) => item.code);

describe('the catalogue', () => {
  it('names the checklist templates the app issues and every check type asked exists', () => {
    const templates = CHECKLIST_TEMPLATES.map((template) => template.name);
    for (const code of DEX_PRACTICE_CODES) {
      const asks = DEX_PRACTICES[code].asks;
      if (asks?.kind === 'checklist') expect(templates).toContain(asks.template);
    }
    expect(
      templates.every((name) =>
        DEX_PRACTICE_CODES.some((code) => DEX_PRACTICES[code].label === name),
      ),
    ).toBe(true);
  });
});

describe('GET /api/projects/{id}/dex-setup/', () => {
  it('answers the saved setup with what its scope asks for, checked against the project', async () => {
    const pm = await signIn('pm');
    const setup = await read(pm);
    expect(setup.configured).toBe(true);
    expect(setup.practices.map((practice) => practice.code)).toEqual(DEX_PRACTICE_CODES);
    const audit = setup.practices.find((practice) => practice.code === 'audit')!;
    expect(audit).toMatchObject({ in_scope: true, owner: { id: 5 }, start_period: '2026-10' });
    expect(askedCodes(setup)).toContain('audit');
    expect(askedCodes(setup)).not.toContain('project_kick_off');
    expect(askedCodes(setup)).not.toContain('risk_register');
    const gate = setup.asked_for.find((item) => item.code === 'sprint_quality_gate')!;
    expect(gate).toMatchObject({ kind: 'checklist', state: 'in_place' });
    expect(gate.detail).toBe('1 checklist issued, 1 submitted');
  });

  it('answers the defaults for a project without a setup, owned by its manager', async () => {
    const admin = await signIn('admin');
    const setup = await read(admin, 12);
    expect(setup).toMatchObject({ configured: false, updated_at: null, updated_by: null });
    for (const practice of setup.practices) {
      expect(practice.in_scope).toBe(DEX_PRACTICES[practice.code].default_in_scope);
      expect(practice.owner === null).toBe(!practice.in_scope);
    }
  });

  it('needs the card flag only; 404 for an unknown project', async () => {
    const admin = await signIn('admin');
    const viewer = await signIn('viewer', { app: admin.app });
    const refused = await request(admin.app).get(PATH()).set(viewer.auth);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('CAN_VIEW_PROJECT_CARD');
    expect((await request(admin.app).get(PATH(99999)).set(admin.auth)).status).toBe(404);
  });
});

describe('PUT /api/projects/{id}/dex-setup/', () => {
  it('saves the scope, one History line per practice changed, and the asked-for list follows', async () => {
    const qcl = await signIn('qcl');
    const before = await read(qcl);
    const rows = inputOf(before).map((row) =>
      row.code === 'sprint_quality_gate'
        ? {
            ...row,
            in_scope: false,
            reason: 'Kanban: no sprints.',
            owner_id: null,
            start_period: null,
          }
        : row.code === 'csat'
          ? { ...row, start_period: '2027-01' }
          : row,
    );
    const res = await put(qcl, { practices: rows });
    expect(res.status).toBe(200);
    const { issued_checklists: issued, ...saved } = res.body as DexSetupSaved;
    expect(issued).toEqual([]);
    expect(saved.updated_by).toMatchObject({ id: 5 });
    expect(askedCodes(saved)).not.toContain('sprint_quality_gate');
    expect(await read(qcl)).toEqual(saved);
    const lines = (await history(qcl)).slice(0, 2);
    expect(lines.every((line) => line.section === 'DEX set up')).toBe(true);
    expect(lines.map((line) => [line.field, line.new_value])).toEqual(
      expect.arrayContaining([
        ['Sprint quality gate', 'Out of scope · “Kanban: no sprints.”'],
        ['Customer satisfaction (CSAT)', expect.stringMatching(/^In scope · .* · from Jan 2027$/)],
      ]),
    );
    const count = (await history(qcl)).length;
    expect((await put(qcl, { practices: rows })).status).toBe(200);
    expect((await history(qcl)).length).toBe(count);
  });

  it('answers the rows’ errors as a list in the order sent, and stores nothing', async () => {
    const qcl = await signIn('qcl');
    const before = await read(qcl);
    const rows = inputOf(before).map((row) => {
      if (row.code === 'health_check') return { ...row, in_scope: false, reason: ' ' };
      if (row.code === 'project_kick_off') return { ...row, in_scope: true, reason: '' };
      if (row.code === 'csat') return { ...row, start_period: '01/2027', owner_id: 999999 };
      return row;
    });
    const res = await put(qcl, { practices: rows });
    expect(res.status).toBe(400);
    const errors = res.body.practices as Record<string, string[]>[];
    expect(errors).toHaveLength(DEX_PRACTICE_CODES.length);
    const at = (code: string) => errors[DEX_PRACTICE_CODES.indexOf(code as never)];
    expect(at('health_check')).toEqual({ reason: ['Say why this practice is out of scope.'] });
    expect(at('project_kick_off')).toEqual({
      reason: ['Say why this practice is in scope: it is out of scope by default.'],
      owner_id: ['Name the owner of a practice in scope.'],
      start_period: ['Give the month a practice in scope starts.'],
    });
    expect(at('csat')).toEqual({
      owner_id: ['Invalid pk "999999" - object does not exist.'],
      start_period: ['Enter the start as a month, for example 2026-11.'],
    });
    expect(at('self_check')).toEqual({});
    expect(await read(qcl)).toEqual(before);
  });

  it('refuses a list missing or repeating a practice, and a body without a list', async () => {
    const qcl = await signIn('qcl');
    const rows = inputOf(await read(qcl));
    expect((await put(qcl, { practices: rows.slice(1) })).body).toEqual({
      practices: ['Give every practice of the catalogue exactly once.'],
    });
    expect((await put(qcl, { practices: [...rows, rows[0]] })).body).toEqual({
      practices: ['Give every practice of the catalogue exactly once.'],
    });
    expect((await put(qcl, {})).body).toEqual({ practices: ['This field is required.'] });
    expect((await put(qcl, { practices: [7, { code: 'x' }] })).body.practices).toEqual([
      { non_field_errors: ['Invalid data. Expected a dictionary, but got int.'] },
      { code: ['"x" is not a valid choice.'], in_scope: ['This field is required.'] },
    ]);
  });

  it('needs CAN_EDIT_DEX_SCOPE_SETUP, named, and stores nothing without it', async () => {
    const admin = await signIn('admin');
    const before = await read(admin);
    for (const persona of ['pm', 'auditor']) {
      const session = await signIn(persona, { app: admin.app });
      const res = await put(session, { practices: inputOf(before) });
      expect(res.status).toBe(403);
      expect(res.body.detail).toContain('CAN_EDIT_DEX_SCOPE_SETUP');
    }
    expect(await read(admin)).toEqual(before);
  });

  it('saves a first setup of a project that had none', async () => {
    const admin = await signIn('admin');
    const defaults = await read(admin, 12);
    const rows = inputOf(defaults).map((row) =>
      row.code === 'audit'
        ? {
            ...row,
            in_scope: true,
            reason: 'Client request.',
            owner_id: 1,
            start_period: '2027-02',
          }
        : row,
    );
    const res = await put(admin, { practices: rows }, 12);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: true, updated_by: { id: 1 } });
    const lines = (
      (await request(admin.app).get('/api/projects/12/history/').set(admin.auth))
        .body as ProjectHistoryEntry[]
    ).filter((line) => line.section === 'DEX set up' && line.field !== 'Checklist');
    expect(lines.map((line) => [line.field, line.old_value])).toEqual([
      [
        'Audit',
        'Out of scope · “Audits are planned by the quality office for selected projects only.”',
      ],
    ]);
  });
});

describe('checklists issued by the scope', () => {
  const KICK_OFF = 'Project kick-off';
  /** Project 1 holds no kick-off checklist; its scope leaves the practice out. */
  const kickOffIn = (rows: DexPracticeInput[], ownerId = 5): DexPracticeInput[] =>
    rows.map((row) =>
      row.code === 'project_kick_off'
        ? {
            ...row,
            in_scope: true,
            reason: 'A new phase starts.',
            owner_id: ownerId,
            start_period: '2026-12',
          }
        : row,
    );
  const kickOffs = (session: SignedIn, project = 1) =>
    session.app.mock.db
      .getState()
      .checklists.filter((row) => row.project_id === project && row.template_name === KICK_OFF);
  const counter = async ({ app, auth }: SignedIn) =>
    ((await request(app).get('/api/auth/self/').set(auth)).body as CurrentUser)
      .available_checklists_counter;

  it('issues one to the owner of a checklist practice put in scope, with a History line', async () => {
    const qcl = await signIn('qcl');
    const before = await counter(qcl);
    expect(kickOffs(qcl)).toEqual([]);
    const res = await put(qcl, { practices: kickOffIn(inputOf(await read(qcl))) });
    expect(res.status).toBe(200);
    const saved = res.body as DexSetupSaved;
    expect(saved.issued_checklists).toEqual([
      {
        id: expect.any(Number),
        template_name: KICK_OFF,
        assignee: expect.objectContaining({ id: 5 }),
        due_date: '2026-12-31',
      },
    ]);
    expect(saved.asked_for.find((item) => item.code === 'project_kick_off')).toMatchObject({
      state: 'in_place',
      detail: '1 checklist issued, 0 submitted',
    });
    const mine = (await request(qcl.app).get('/api/checklists/').set(qcl.auth)).body as Checklist[];
    expect(mine.find((row) => row.id === saved.issued_checklists[0]!.id)).toMatchObject({
      project: { id: 1 },
      template_name: KICK_OFF,
      state: 'available',
      items_count: 5,
      answered_count: 0,
    });
    expect(await counter(qcl)).toBe(before + 1);
    const line = (await history(qcl))[0]!;
    expect(line).toMatchObject({ section: 'DEX set up', field: 'Checklist', old_value: '' });
    expect(line.new_value).toMatch(/^Project kick-off issued to .*, due 12\/31\/2026$/);
  });

  it('issues it once: not again on a second save, nor when taken out and put back in', async () => {
    const qcl = await signIn('qcl');
    const rows = kickOffIn(inputOf(await read(qcl)));
    expect((await put(qcl, { practices: rows })).body.issued_checklists).toHaveLength(1);
    const again = await put(qcl, {
      practices: rows.map((row) =>
        row.code === 'csat' ? { ...row, start_period: '2027-01' } : row,
      ),
    });
    expect(again.body.issued_checklists).toEqual([]);
    const out = rows.map((row) =>
      row.code === 'project_kick_off'
        ? { ...row, in_scope: false, reason: 'Not now.', owner_id: null, start_period: null }
        : row,
    );
    expect((await put(qcl, { practices: out })).body.issued_checklists).toEqual([]);
    // Taken out of scope: the checklist stays open.
    expect(kickOffs(qcl).map((row) => row.state)).toEqual(['available']);
    expect((await put(qcl, { practices: rows })).body.issued_checklists).toEqual([]);
    expect(kickOffs(qcl)).toHaveLength(1);
  });

  it('issues one where the project holds only a declined or a canceled one, as the asked-for list says Missing', async () => {
    const admin = await signIn('admin');
    // Project 2 holds a declined kick-off checklist (16); project 5 only a canceled one (7).
    for (const [project, held] of [
      [2, 'declined'],
      [5, 'canceled'],
    ] as const) {
      const before = await read(admin, project);
      expect(before.asked_for.find((item) => item.label === KICK_OFF)?.state).not.toBe('in_place');
      const res = await put(admin, { practices: kickOffIn(inputOf(before), 1) }, project);
      expect(res.status).toBe(200);
      expect((res.body as DexSetupSaved).issued_checklists.map((row) => row.template_name)).toEqual(
        [KICK_OFF],
      );
      expect(kickOffs(admin, project).map((row) => row.state)).toEqual([held, 'available']);
      expect(
        (res.body as DexSetupSaved).asked_for.find((item) => item.label === KICK_OFF)?.state,
      ).toBe('in_place');
    }
  });

  it('issues on the first save what the project lacks of the default scope', async () => {
    const admin = await signIn('admin');
    // Project 12 has no setup and holds a Sprint quality gate checklist (in progress) only.
    const res = await put(admin, { practices: inputOf(await read(admin, 12)) }, 12);
    expect(res.status).toBe(200);
    expect((res.body as DexSetupSaved).issued_checklists.map((row) => row.template_name)).toEqual([
      'Release readiness',
      'Security baseline',
    ]);
  });

  it('issues nothing on a refused PUT', async () => {
    const admin = await signIn('admin');
    const pm = await signIn('pm', { app: admin.app });
    const rows = kickOffIn(inputOf(await read(admin)));
    const stored = () => JSON.stringify(admin.app.mock.db.getState().checklists);
    const before = stored();
    expect((await put(pm, { practices: rows })).status).toBe(403);
    const invalid = rows.map((row) => (row.code === 'csat' ? { ...row, owner_id: 999999 } : row));
    expect((await put(admin, { practices: invalid })).status).toBe(400);
    expect(stored()).toBe(before);
    expect((await history(admin)).some((line) => line.field === 'Checklist')).toBe(false);
  });
});

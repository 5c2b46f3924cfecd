import { describe, expect, it } from 'vitest';
import { DATE_TIME } from '../../src/testing/pact/drfShapes';
import type { ProviderStateDefinition } from '../../src/testing/pact/state';
import { auditPact, type Finding } from './audit';
import type { PactFile, PactInteraction } from './pactFile';

/** The audit that keeps the pact one a backend with its own records can meet. */

const STATE: ProviderStateDefinition = {
  name: 'persona pm may view the team of a project',
  persona: 'pm',
  needs: 'A project with a team of two.',
  returns: { projectId: { type: 'integer', about: 'the project' } },
  params: { role: { type: 'string', about: 'a role', values: ['pm'] } },
};

function interaction(change: Partial<PactInteraction> = {}): PactInteraction {
  return {
    description: 'a request for the team of a project',
    providerStates: [{ name: STATE.name }],
    request: {
      method: 'GET',
      path: '/api/projects/1/team/',
      generators: {
        path: { type: 'ProviderState', expression: '/api/projects/${projectId}/team/' },
      },
    },
    response: {
      status: 200,
      body: { content: [{ id: 7, name: 'Priya Nair', role: 'pm', joined: '2026-01-01' }] },
      matchingRules: { body: { $: { matchers: [{ match: 'type' }] } } },
    },
    ...change,
  };
}

const pactOf = (...interactions: PactInteraction[]): PactFile => ({
  consumer: { name: 'pep-spa' },
  provider: { name: 'pep-api' },
  interactions,
});
const audit = (...interactions: PactInteraction[]) =>
  auditPact(pactOf(...interactions), [STATE]).map(({ kind, where, detail }: Finding) => ({
    kind,
    where,
    detail,
  }));

describe('the pact audit', () => {
  it('finds nothing in an interaction whose ids come from its state and whose answer is by type', () => {
    expect(audit(interaction())).toEqual([]);
  });

  it('finds a literal id in a path, a query and a body, and a key of the backend as a field', () => {
    const found = audit(
      interaction({
        request: {
          method: 'PUT',
          path: '/api/projects/1/team/',
          query: { project: ['1'], page: ['2'] },
          body: { content: { owner_id: 2, ids: [3], activities: { '101': 'A' }, size: 5 } },
        },
      }),
    );
    expect(found).toEqual([
      { kind: 'literal id', where: 'path', detail: 'PUT /api/projects/1/team/' },
      { kind: 'literal id', where: 'query project', detail: '1' },
      { kind: 'literal id', where: 'body $.owner_id', detail: '2' },
      { kind: 'literal id', where: 'body $.ids[0]', detail: '3' },
      {
        kind: 'literal id',
        where: "body $.activities['101']",
        detail: 'a key of the backend used as a field name',
      },
    ]);
  });

  it('accepts ids injected into the body', () => {
    expect(
      audit(
        interaction({
          request: {
            method: 'POST',
            path: '/api/x/',
            body: { content: { owner_id: 2 } },
            generators: {
              body: { '$.owner_id': { type: 'ProviderState', expression: '${projectId}' } },
            },
          },
        }),
      ),
    ).toEqual([]);
  });

  it('finds exact names, dates and numbers of records in an answer, but not codes or echoes', () => {
    const found = audit(
      interaction({
        request: { method: 'POST', path: '/api/x/', body: { content: { note: 'Moved.' } } },
        response: {
          status: 201,
          body: {
            content: {
              id: 7,
              name: 'Priya Nair',
              login: 'pnair',
              state: 'approved',
              note: 'Moved.',
              due: '2026-12-15',
              at: '2026-11-22T10:00:00.000Z',
              comment: '',
              files: [
                "The file you're attaching cannot be uploaded. Change the file size or format.",
              ],
            },
          },
        },
      }),
    );
    expect(found).toEqual([
      { kind: 'pinned value', where: 'answer $.id', detail: '7' },
      { kind: 'pinned value', where: 'answer $.name', detail: '"Priya Nair"' },
      { kind: 'pinned value', where: 'answer $.login', detail: '"pnair"' },
      { kind: 'pinned value', where: 'answer $.due', detail: '"2026-12-15"' },
      { kind: 'strict time', where: 'answer $.at', detail: '"2026-11-22T10:00:00.000Z"' },
    ]);
  });

  it('reads the rules of each variant of an arrayContaining answer', () => {
    const found = audit(
      interaction({
        response: {
          status: 200,
          body: {
            content: [
              { kind: 'check', title: 'Health check HC_2' },
              { kind: 'period', title: '2026 Q4 starts' },
            ],
          },
          matchingRules: {
            body: {
              $: {
                matchers: [
                  {
                    match: 'arrayContains',
                    variants: [
                      { index: 0, rules: { '$.title': { matchers: [{ match: 'type' }] } } },
                      { index: 1, rules: {} },
                    ],
                  },
                ],
              },
            },
          },
        },
      }),
    );
    expect(found).toEqual([
      { kind: 'pinned value', where: 'answer $[1].title', detail: '"2026 Q4 starts"' },
    ]);
  });

  it('finds every date-time matcher but the contract’s one', () => {
    const rule = (matcher: Record<string, string>) =>
      interaction({
        response: {
          status: 200,
          body: { content: { at: '2026-11-22T10:00:00.000Z' } },
          matchingRules: { body: { '$.at': { matchers: [matcher as never] } } },
        },
      });
    expect(audit(rule({ match: 'regex', regex: DATE_TIME }))).toEqual([]);
    expect(audit(rule({ match: 'timestamp', format: "yyyy-MM-dd'T'HH:mm:ss.SSSX" }))).toEqual([
      { kind: 'strict time', where: 'answer $.at', detail: "yyyy-MM-dd'T'HH:mm:ss.SSSX" },
    ]);
    expect(
      audit(
        rule({ match: 'regex', regex: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$' }),
      ),
    ).toHaveLength(1);
  });

  it('finds states that are not defined or named after records, values they do not return and unknown parameters', () => {
    const found = audit(
      interaction({ providerStates: [{ name: 'persona admin owns risk 1 of project 1' }] }),
      interaction({
        description: 'another',
        providerStates: [{ name: STATE.name, params: { role: 'qcl' } }],
        request: {
          method: 'GET',
          path: '/api/risks/1/',
          generators: { path: { type: 'ProviderState', expression: '/api/risks/${riskId}/' } },
        },
      }),
    );
    expect(found).toEqual([
      {
        kind: 'unknown state',
        where: 'providerStates',
        detail: 'persona admin owns risk 1 of project 1',
      },
      { kind: 'unknown parameter', where: `providerStates ${STATE.name}`, detail: 'role = "qcl"' },
      {
        kind: 'undeclared value',
        where: 'request',
        detail: `\${riskId} is not a value of "${STATE.name}"`,
      },
      {
        kind: 'state named after a record',
        where: 'states',
        detail: 'persona admin owns risk 1 of project 1',
      },
    ]);
  });

  it('finds a state no interaction uses', () => {
    expect(auditPact(pactOf(), [STATE])).toEqual([
      { kind: 'unused state', where: 'states', detail: STATE.name },
    ]);
  });
});

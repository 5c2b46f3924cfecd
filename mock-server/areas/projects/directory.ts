import type { Persona } from '../../auth/personas';
import type { Area } from '../../lib/area';
import { json, notFound, type MockRequest } from '../../lib/http';
import { pageOf } from '../../lib/paging';
import { route } from '../../lib/routes';
import { sharedDirectory } from '../risks/access';
import type { MockState } from '../../store/state';
import { directorySeed } from './directorySeed';

/** The directory's read-only lists. */
export const DIRECTORY_RESOURCES = ['projects', 'accounts'] as const;
type DirectoryResource = (typeof DIRECTORY_RESOURCES)[number];
type DirectoryRow = MockState[DirectoryResource][number];

/**
 * The directory as the caller may read it: all of it for company staff, and for a client-side
 * person only the projects and accounts of the risks shared or transferred to them.
 */
export function directoryView(
  state: MockState,
  persona: Persona,
): Pick<MockState, DirectoryResource> {
  const shared = sharedDirectory(state, persona);
  if (!shared) return { projects: state.projects, accounts: state.accounts };
  return {
    projects: state.projects.filter((project) => shared.projects.has(project.id)),
    accounts: state.accounts.filter((account) => shared.accounts.has(account.id)),
  };
}

/**
 * The directory's lists in DRF's page shape, `GET /api/projects/` and `GET /api/accounts/`, and
 * an account, `GET /api/accounts/{id}/` (a project's `GET /api/projects/{id}/` is the card's). The
 * Express app answers these paths with json-server (lib/jsonServer.ts, mounted in app.ts where
 * this area's routes would be); these handlers are its twin for the runtimes where json-server
 * cannot run, and answer as it does (directory.test.ts holds the two to the same answers):
 * `search` matches any value of a row as text, case-insensitively; `ordering` sorts by each field
 * named, in its direction, as lodash's orderBy; then DRF's paging.
 */
export const directory: Area = {
  feature: 'projects',
  seed: [directorySeed],
  jsonServer: { resources: DIRECTORY_RESOURCES, view: directoryView },
  routes: ({ db }) => {
    const rowsOf = (req: MockRequest, resource: DirectoryResource): readonly DirectoryRow[] =>
      directoryView(db.readState(), req.auth.persona)[resource];
    return [
      ...DIRECTORY_RESOURCES.map((resource) =>
        route.get(`/${resource}/`, (req) => pageOf(req, listed(rowsOf(req, resource), req.query))),
      ),
      route.get('/accounts/:id/', (req) =>
        json(rowsOf(req, 'accounts').find((row) => String(row.id) === req.params.id) ?? notFound()),
      ),
    ];
  },
};

/** The rows `search` finds, in the `ordering` asked for. */
function listed<Row extends object>(rows: readonly Row[], query: Record<string, unknown>): Row[] {
  const { search, ordering } = query;
  const text = typeof search === 'string' ? search.trim().toLowerCase() : '';
  const found = text
    ? rows.filter((row) => Object.values(row).some((v) => holds(v, text)))
    : [...rows];
  if (typeof ordering !== 'string') return found;
  const fields = ordering.split(',').filter(Boolean);
  const paths = fields.map((field) => field.replace(/^-/, ''));
  if (paths.join(',') === '') return found;
  const directions = fields.map((field) => (field.startsWith('-') ? -1 : 1));
  return found.sort((a, b) => {
    for (const [index, path] of paths.entries()) {
      const order = compareAscending(valueAt(a, path), valueAt(b, path));
      if (order) return order * directions[index]!;
    }
    return 0;
  });
}

/** Whether a value, or any value inside it, reads as a text containing `text` (none when falsy). */
function holds(value: unknown, text: string): boolean {
  if (!value) return false;
  if (typeof value === 'object') return Object.values(value).some((inner) => holds(inner, text));
  return String(value).toLowerCase().includes(text);
}

/** The value at a field name, or at a dotted path when the row has no such field. */
function valueAt(row: object, path: string): unknown {
  if (path in row) return (row as Record<string, unknown>)[path];
  let value: unknown = row;
  for (const key of path.split('.')) value = value == null ? undefined : Object(value)[key];
  return value;
}

/** lodash's ascending order: plain comparison, then null, then undefined, then NaN last. */
function compareAscending(value: unknown, other: unknown): number {
  if (value === other) return 0;
  const rank = (item: unknown) =>
    item === undefined ? 2 : item === null ? 1 : Number.isNaN(item) ? 3 : 0;
  const [a, b] = [rank(value), rank(other)];
  if (a || b) return a === b ? 0 : a - b;
  const [left, right] = [value as string, other as string];
  return left > right ? 1 : left < right ? -1 : 0;
}

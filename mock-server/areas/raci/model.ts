import { Faker, en } from '@faker-js/faker';
import type { PersonRef } from '../../../src/api/contract/actionRequests';
import {
  RACI_FUNCTIONS,
  RACI_LETTERS,
  type RaciActivity,
  type RaciFunction,
  type RaciLetter,
  type RaciMatrix,
  type RaciSnapshot,
} from '../../../src/api/contract/raci';
import type { MockState } from '../../store/state';
import { USER } from '../checks/state';
import type { StoredRaciCells, StoredRaciMatrix } from './state';
import { RACI_CATALOGUE, letterOf } from './catalogue';
import { personOf } from '../../lib/people';

export type { RaciState, StoredRaciCells, StoredRaciMatrix, StoredRaciValidation } from './state';

const RACI_SEED = 20261126;
const faker = new Faker({ locale: [en], seed: RACI_SEED });
const DAY = 86_400_000;

/**
 * The canonical matrices the demo and the e2e tests rely on: project 1's PMO matrix is a valid
 * draft with an older validated version; project 2's PMO matrix has an activity without an A,
 * project 7's Security matrix one with two.
 */
const CANONICAL: Partial<Record<string, 'draft_after_validation' | 'no_a' | 'two_a'>> = {
  '1:pmo': 'draft_after_validation',
  '2:pmo': 'no_a',
  '7:security': 'two_a',
};

const copyCells = (cells: StoredRaciCells): StoredRaciCells =>
  Object.fromEntries(Object.entries(cells).map(([id, row]) => [id, { ...row }]));

/** Changes one cell that is not the A of its row to another letter or to empty. */
function varyOneCell(cells: StoredRaciCells, fn: RaciFunction): void {
  const { roles, activities } = RACI_CATALOGUE[fn];
  const activity = faker.helpers.arrayElement(activities);
  const row = cells[activity.code]!;
  const role = faker.helpers.arrayElement(roles.filter((candidate) => row[candidate.id] !== 'A'));
  const choices = [...RACI_LETTERS.filter((letter) => letter !== 'A'), undefined].filter(
    (letter) => letter !== row[role.id],
  );
  const next = faker.helpers.arrayElement(choices);
  if (next) row[role.id] = next;
  else delete row[role.id];
}

/** Breaks the rule in one activity: its A taken away, or a second A added. */
function breakRule(
  cells: StoredRaciCells,
  fn: RaciFunction,
  how: 'no_a' | 'two_a',
  index?: number,
) {
  const { roles, activities } = RACI_CATALOGUE[fn];
  const activity =
    index === undefined ? faker.helpers.arrayElement(activities) : activities[index]!;
  const row = cells[activity.code]!;
  const accountable = roles.find((role) => row[role.id] === 'A')!;
  if (how === 'no_a') row[accountable.id] = 'R';
  else {
    const other = roles.find((role) => role.id !== accountable.id && row[role.id] !== undefined)!;
    row[other.id] = 'A';
  }
}

/** The function's usual assignment (the catalogue's), one A per activity. */
export function usualCells(fn: RaciFunction): StoredRaciCells {
  const { roles, activities } = RACI_CATALOGUE[fn];
  const cells: StoredRaciCells = {};
  for (const activity of activities) {
    const row: Record<string, RaciLetter> = {};
    roles.forEach((role, index) => {
      const letter = letterOf(activity.usual[index]);
      if (letter) row[role.id] = letter;
    });
    cells[activity.code] = row;
  }
  return cells;
}

/** The matrix a project starts with: its function's usual assignment, varied a little per project. */
export function seededMatrix(
  state: MockState,
  projectId: number,
  fn: RaciFunction,
): StoredRaciMatrix {
  faker.seed([RACI_SEED, projectId, RACI_FUNCTIONS.indexOf(fn)]);
  const { roles, activities } = RACI_CATALOGUE[fn];
  const cells = usualCells(fn);
  for (const activity of activities) {
    const row = cells[activity.code]!;
    // Some projects give the A of an activity to the role that does the work.
    if (faker.datatype.boolean(0.15)) {
      const accountable = roles.find((role) => row[role.id] === 'A');
      const responsible = roles.find((role) => row[role.id] === 'R');
      if (accountable && responsible) {
        row[accountable.id] = 'R';
        row[responsible.id] = 'A';
      }
    }
  }
  for (let n = faker.number.int({ min: 0, max: 3 }); n > 0; n -= 1) varyOneCell(cells, fn);

  const staff = state.people.filter((person) => person.id > 100).map((person) => person.id);
  const someone = () => (staff.length > 0 ? faker.helpers.arrayElement(staff) : 1);
  const pm = state.projectTeams.find((team) => team.project_id === projectId)?.pm_id ?? someone();
  const saved = Date.UTC(2026, 3, 1) + faker.number.int({ min: 0, max: 150 }) * DAY;
  const at = (ms: number) => new Date(ms + 9 * 3_600_000).toISOString();
  const matrix: StoredRaciMatrix = {
    project_id: projectId,
    function: fn,
    cells,
    status: 'draft',
    validated_by_id: null,
    validated_at: null,
    // A persona PM holds no RACI flag: the seed's last save is then the PMO's (admin), who may edit it.
    updated_by_id: pm > 100 ? pm : USER.admin,
    updated_at: at(saved),
    snapshot: null,
  };

  const canonical = CANONICAL[`${projectId}:${fn}`];
  const broken =
    canonical === 'no_a' || canonical === 'two_a'
      ? canonical
      : projectId > 12 && faker.datatype.boolean(0.03)
        ? faker.helpers.arrayElement(['no_a', 'two_a'] as const)
        : undefined;
  const kind =
    canonical === 'draft_after_validation'
      ? 'draft_after_validation'
      : faker.helpers.weightedArrayElement([
          { weight: 45, value: 'validated' as const },
          { weight: 30, value: 'draft_after_validation' as const },
          { weight: 25, value: 'never_validated' as const },
        ]);
  if (kind === 'validated' && !broken) {
    const validatedAt = at(saved + faker.number.int({ min: 1, max: 20 }) * DAY);
    const by = someone();
    matrix.status = 'validated';
    matrix.validated_by_id = by;
    matrix.validated_at = validatedAt;
    matrix.snapshot = { cells: copyCells(cells), validated_by_id: by, validated_at: validatedAt };
  } else if (kind === 'draft_after_validation' || (kind === 'validated' && broken)) {
    // Validated once, then changed: the validated version differs from today's by a cell.
    const earlier = copyCells(cells);
    varyOneCell(cells, fn);
    matrix.snapshot = {
      cells: earlier,
      validated_by_id: someone(),
      validated_at: at(saved - faker.number.int({ min: 10, max: 60 }) * DAY),
    };
  }
  if (broken) breakRule(cells, fn, broken, canonical ? 2 : undefined);
  return matrix;
}

/** The stored matrix, or the seeded one; undefined for an unknown project. */
export function matrixOf(
  state: MockState,
  projectId: number,
  fn: RaciFunction,
): StoredRaciMatrix | undefined {
  const stored = state.raciMatrices.find(
    (matrix) => matrix.project_id === projectId && matrix.function === fn,
  );
  if (stored) return stored;
  if (!state.projects.some((project) => project.id === projectId)) return undefined;
  return seededMatrix(state, projectId, fn);
}

/** The matrix kept in the state, to change it (the seeded one is stored on its first change). */
export function storedMatrixOf(
  state: MockState,
  projectId: number,
  fn: RaciFunction,
): StoredRaciMatrix {
  const existing = state.raciMatrices.find(
    (matrix) => matrix.project_id === projectId && matrix.function === fn,
  );
  if (existing) return existing;
  const seeded = seededMatrix(state, projectId, fn);
  state.raciMatrices.push(seeded);
  return seeded;
}

/** The rows of a matrix as the API gives them: every role of the function in each row. */
export function activitiesOf(fn: RaciFunction, cells: StoredRaciCells): RaciActivity[] {
  const { roles, activities } = RACI_CATALOGUE[fn];
  return activities.map((activity) => ({
    code: activity.code,
    name: activity.name,
    cells: Object.fromEntries(
      roles.map((role) => [role.id, cells[activity.code]?.[role.id] ?? '']),
    ),
  }));
}

const personOrNull = (state: MockState, id: number | null): PersonRef | null =>
  id === null ? null : personOf(state, id);

/** `GET /api/projects/{id}/raci/{function}/`. */
export function toRaciMatrix(state: MockState, matrix: StoredRaciMatrix): RaciMatrix {
  return {
    project_id: matrix.project_id,
    function: matrix.function,
    roles: RACI_CATALOGUE[matrix.function].roles.map((role) => ({ ...role })),
    activities: activitiesOf(matrix.function, matrix.cells),
    status: matrix.status,
    validated_by: personOrNull(state, matrix.validated_by_id),
    validated_at: matrix.validated_at,
    updated_by: personOrNull(state, matrix.updated_by_id),
    updated_at: matrix.updated_at,
    has_snapshot: matrix.snapshot !== null,
  };
}

/** `GET /api/projects/{id}/raci/{function}/snapshot/`; undefined when never validated. */
export function toRaciSnapshot(
  state: MockState,
  matrix: StoredRaciMatrix,
): RaciSnapshot | undefined {
  if (!matrix.snapshot) return undefined;
  return {
    project_id: matrix.project_id,
    function: matrix.function,
    roles: RACI_CATALOGUE[matrix.function].roles.map((role) => ({ ...role })),
    activities: activitiesOf(matrix.function, matrix.snapshot.cells),
    validated_by: personOf(state, matrix.snapshot.validated_by_id),
    validated_at: matrix.snapshot.validated_at,
  };
}

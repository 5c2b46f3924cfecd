import type { VerifierOptions } from '@pact-foundation/pact';
import type { MockApp } from '../../mock-server/app';
import { storedMatrixOf, usualCells } from '../../mock-server/raci/model';
import { mutate } from '../../mock-server/store/db';
import type { RaciFunction } from '../../src/api/contract/raci';
import { RACI_STATES } from '../../src/testing/pact/states';

type SignIn = (personaId: string) => Promise<{ valid: { access: string } }>;

/** The Ownership matrix states: the matrices set up explicitly, whatever the seed holds. */
export function raciStateHandlers(
  app: MockApp,
  signIn: SignIn,
): NonNullable<VerifierOptions['stateHandlers']> {
  const { db } = app.mock;
  const signedIn = async (personaId: string) => ({
    accessToken: (await signIn(personaId)).valid.access,
  });
  /** Signs in, then makes the matrix a draft with its usual assignment (one A per activity). */
  const withDraft = async (
    personaId: string,
    projectId: number,
    fn: RaciFunction,
    change: (matrix: ReturnType<typeof storedMatrixOf>) => void = () => undefined,
  ) => {
    const state = await signedIn(personaId);
    mutate(db, (store) => {
      const matrix = storedMatrixOf(store, projectId, fn);
      matrix.cells = usualCells(fn);
      matrix.status = 'draft';
      matrix.validated_by_id = null;
      matrix.validated_at = null;
      change(matrix);
    });
    return state;
  };

  return {
    [RACI_STATES.adminPmoDraft]: () =>
      withDraft('admin', 1, 'pmo', (matrix) => {
        matrix.snapshot ??= {
          cells: structuredClone(matrix.cells),
          validated_by_id: 101,
          validated_at: '2026-03-02T09:00:00.000Z',
        };
      }),
    [RACI_STATES.adminPmoBroken]: () =>
      withDraft('admin', 2, 'pmo', (matrix) => {
        // 'Track the budget and forecast' loses its A.
        matrix.cells['103'] = { pm: 'R', dm: 'R', ado: 'I', pmo_officer: 'C' };
      }),
    [RACI_STATES.adminSlaNeverValidated]: () =>
      withDraft('admin', 1, 'sla', (matrix) => {
        matrix.snapshot = null;
      }),
    [RACI_STATES.portfolioReadOnly]: () => signedIn('portfolio'),
    [RACI_STATES.pmWithoutRaci]: () => signedIn('pm'),
  };
}

import type { PortfolioProject } from '../../../src/api/contract/projects';
import { buildProjectVolume } from './seed';
import type { MockState } from '../../store/state';

/** Ids of the bench's extra projects, far above the stored ones. */
export const VOLUME_FIRST_ID = 100_000;

/** The bench's generated projects (none without the option): built on first use, never stored. */
export type ProjectVolume = (state: MockState) => readonly PortfolioProject[];

/** One app's volume, shared by the portfolio and the planner so both show the same projects. */
export function projectVolume(count: number | undefined): ProjectVolume {
  let rows: PortfolioProject[] | undefined;
  return (state) => {
    if (!count) return [];
    rows ??= buildProjectVolume(
      count,
      VOLUME_FIRST_ID,
      state.accounts.map((account) => account.id),
      state.people,
    );
    return rows;
  };
}

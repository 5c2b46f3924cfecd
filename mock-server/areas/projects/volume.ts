import type { PortfolioProject } from '../../../src/api/contract/projects';
import type { MockDb } from '../../store/db';
import type { MockState } from '../../store/state';
import { buildProjectVolume } from './seed';

/** Ids of the bench's extra projects, far above the stored ones. */
export const VOLUME_FIRST_ID = 100_000;

/** The bench's generated projects (none without the option): built on first use, never stored. */
export type ProjectVolume = (state: MockState) => readonly PortfolioProject[];

const volumes = new WeakMap<MockDb, ProjectVolume>();

/**
 * One app's volume (an app has one store), shared by the portfolio and the planner so both show
 * the same projects; its count is the app's `projectVolume` option.
 */
export function projectVolumeOf(db: MockDb, count: number | undefined): ProjectVolume {
  let volume = volumes.get(db);
  if (!volume) {
    volume = projectVolume(count);
    volumes.set(db, volume);
  }
  return volume;
}

function projectVolume(count: number | undefined): ProjectVolume {
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

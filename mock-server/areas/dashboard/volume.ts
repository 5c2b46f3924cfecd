import { levelOf, type ScoreKind } from '../../../src/api/contract/dashboard';
import {
  MONTHS_SHOWN,
  personIn,
  placeOf,
  scoreOf,
  type DashboardContext,
  type RowSeries,
} from './model';
import { mulberry32 } from '../../lib/random';

/** Ids of the bench's generated accounts, far above the stored ones. */
export const ACCOUNT_VOLUME_FIRST_ID = 100_000;

/**
 * The dashboard's generated accounts (none without the option), so that the list holds `total`
 * accounts with the stored ones: names, lines, segments and owners borrowed from the stored
 * accounts, scores and their months drawn from the id alone. Built on first use, never stored;
 * their account pages answer 404.
 */
export type AccountVolume = (contextOf: () => DashboardContext) => readonly RowSeries[];

export function accountVolume(total: number | undefined): AccountVolume {
  let rows: RowSeries[] | undefined;
  return (contextOf) => {
    if (!total) return [];
    if (!rows) {
      const context = contextOf();
      const count = Math.max(0, total - context.state.accounts.length);
      rows = Array.from({ length: count }, (_, index) => generated(context, index));
    }
    return rows;
  };
}

function generated(context: DashboardContext, index: number): RowSeries {
  const stored = context.state.accounts;
  const template = stored[index % stored.length]!;
  const id = ACCOUNT_VOLUME_FIRST_ID + index;
  const random = mulberry32(id);
  const walk = (kind: ScoreKind, top: number) => {
    const live = Math.floor(random() * top);
    // Some accounts improve (higher scores before), some worsen; a few months have no snapshot.
    const drift = Math.round((random() - 0.5) * 6);
    const series: (number | null)[] = [live];
    let value = live;
    for (let back = 1; back < MONTHS_SHOWN; back += 1) {
      value = Math.max(0, value + drift + Math.round((random() - 0.5) * 6));
      series.unshift(back > 6 && random() < 0.15 ? null : value);
    }
    return series;
  };
  const riskiness = walk('riskiness', 70);
  const issueness = walk('issueness', 55);
  const owner = context.teams.get(template.id)?.delivery_owner_id;
  const riskinessScore = scoreOf('riskiness', riskiness);
  return {
    riskiness,
    issueness,
    row: {
      id,
      name: `${template.name} ${Math.floor(index / stored.length) + 2}`,
      ...placeOf(context, template.id),
      delivery_owner: owner === null || owner === undefined ? null : personIn(context, owner),
      riskiness: riskinessScore,
      issueness: scoreOf('issueness', issueness),
      open_high_risks:
        levelOf('riskiness', riskinessScore.score) === 'high' ? 1 + (id % 4) : id % 2,
      overdue_action_items: Math.floor(random() * 6),
      last_check: null,
      actual_riskiness: null,
      disagrees: false,
    },
  };
}

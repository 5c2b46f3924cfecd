import { format, parseISO } from 'date-fns';
import {
  SCORE_LEVEL_LABELS,
  SCORE_LEVELS,
  type LevelCounts,
  type Month,
} from '../../api/contract/dashboard';

/** 'Mar 2026' for '2026-03'. */
export function monthLabel(month: Month): string {
  return format(parseISO(`${month}-01`), 'MMM yyyy');
}

/** 'High for 5, Moderate for 12 and Low for 23'. */
export function levelCountsText(counts: LevelCounts): string {
  const parts = [...SCORE_LEVELS]
    .reverse()
    .map((level) => `${SCORE_LEVEL_LABELS[level]} for ${counts[level]}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** How many accounts a count of levels covers. */
export const countsTotal = (counts: LevelCounts) =>
  SCORE_LEVELS.reduce((sum, level) => sum + counts[level], 0);

import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import { SCORE_LEVEL_LABELS, type Score, type ScoreLevel } from '../../api/contract/dashboard';
import { Badge, type BadgeTone } from '../../shared/ui/Badge';
import styles from './dashboard.module.css';

const LEVEL_TONES: Record<ScoreLevel, BadgeTone> = {
  low: 'success',
  moderate: 'warning',
  high: 'danger',
};

/** A score level on a pill: its name says it, the tint repeats it. */
export function LevelBadge({ level }: { level: ScoreLevel }) {
  return (
    <Badge tone={LEVEL_TONES[level]} data-level={level}>
      {SCORE_LEVEL_LABELS[level]}
    </Badge>
  );
}

/** The change of a score since the end of last month, in points. */
export function scoreDelta(score: Score): number | null {
  return score.previous_score === null ? null : score.score - score.previous_score;
}

/** The trend in words, for assistive technology and the Excel file: 'up 4 from last month'. */
export function trendText(score: Score): string {
  const delta = scoreDelta(score);
  if (delta === null) return 'no score last month';
  const points = (n: number) => (Math.abs(n) === 1 ? '1 point' : `${Math.abs(n)} points`);
  const change =
    delta > 0 ? `up ${points(delta)}` : delta < 0 ? `down ${points(delta)}` : 'unchanged';
  const was =
    score.previous_level && score.previous_level !== score.level
      ? `, was ${SCORE_LEVEL_LABELS[score.previous_level]}`
      : '';
  return `${change} since last month${was}`;
}

/** An arrow and the signed change against last month; the arrow's meaning is said in words. */
export function ScoreTrend({ score }: { score: Score }) {
  const delta = scoreDelta(score);
  const Icon = delta === null || delta === 0 ? Minus : delta > 0 ? ArrowUp : ArrowDown;
  const direction = delta === null || delta === 0 ? 'flat' : delta > 0 ? 'up' : 'down';
  return (
    <span className={styles.trend} data-direction={direction}>
      <Icon size={14} aria-hidden="true" />
      <span aria-hidden="true">
        {delta === null ? 'new' : delta > 0 ? `+${delta}` : delta === 0 ? '0' : `${delta}`}
      </span>
      <span className="visually-hidden">{trendText(score)}</span>
    </span>
  );
}

/** Level, score and trend in one line: what a table cell or a card shows of a score. */
export function ScoreLine({ score }: { score: Score }) {
  return (
    <span className={styles.scoreLine}>
      <LevelBadge level={score.level} />
      <span className={styles.scoreNumber}>
        <span className="visually-hidden">score </span>
        {score.score}
      </span>
      <ScoreTrend score={score} />
    </span>
  );
}

/**
 * The dashboard's charts (recharts, loaded with this chunk only, through ChartFigure's lazy
 * components). Each is a picture of the table beside it, which screen readers read instead.
 * Levels differ by colour, by lightness and by pattern (Low plain, Moderate striped, High
 * cross-hatched); the two scores of a history by colour, dash and marker.
 */
import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  SCORE_KIND_LABELS,
  SCORE_LEVEL_LABELS,
  SCORE_LEVELS,
  type LevelCounts,
  type ScoreHistoryPoint,
  type ScoreKind,
  type ScoreLevel,
  type ScoreThresholds,
  type Month,
} from '../../api/contract/dashboard';
import { monthLabel } from './chartText';

const AXIS = {
  stroke: 'var(--color-border-strong)',
  tick: { fill: 'var(--color-text)', fontSize: 12 },
};
const TOOLTIP = {
  itemStyle: { color: 'var(--color-text)' },
  contentStyle: {
    background: 'var(--color-surface)',
    border: '1px solid var(--color-border)',
    borderRadius: 'var(--radius)',
    color: 'var(--color-text)',
  },
};
const legendText = (value: string) => <span style={{ color: 'var(--color-text)' }}>{value}</span>;
/** The legend in the order given (Low to High; riskiness first), not alphabetical. */
const inOrder =
  (labels: readonly string[]) =>
  (item: { value?: unknown }): number =>
    labels.indexOf(String(item.value));
const LEVEL_ORDER = inOrder(SCORE_LEVELS.map((level) => SCORE_LEVEL_LABELS[level]));
const KIND_ORDER = inOrder([SCORE_KIND_LABELS.riskiness, SCORE_KIND_LABELS.issueness]);

/** Accounts at each level now, one stacked bar a score. */
export function LevelDistributionChart({
  distribution,
}: {
  distribution: Record<ScoreKind, LevelCounts>;
}) {
  const patterns = usePatternIds();
  const data = (['riskiness', 'issueness'] as const).map((kind) => ({
    kind: SCORE_KIND_LABELS[kind],
    ...levelSeries(distribution[kind]),
  }));
  return (
    <ResponsiveContainer width="100%" height={200}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ left: 8, right: 16 }}
        accessibilityLayer={false}
      >
        {levelPatterns(patterns)}
        <CartesianGrid horizontal={false} stroke="var(--color-border)" />
        <XAxis type="number" allowDecimals={false} {...AXIS} />
        <YAxis type="category" dataKey="kind" width={80} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend formatter={legendText} itemSorter={LEVEL_ORDER} />
        {levelBars(patterns)}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Accounts at each level month by month, for one score. */
export function LevelTrendChart({
  trend,
}: {
  trend: readonly { month: Month; counts: LevelCounts }[];
}) {
  const patterns = usePatternIds();
  const data = trend.map(({ month, counts }) => ({
    month: monthLabel(month),
    ...levelSeries(counts),
  }));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ left: 0, right: 8 }} accessibilityLayer={false}>
        {levelPatterns(patterns)}
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="month" {...AXIS} tickFormatter={(label: string) => label.slice(0, 3)} />
        <YAxis allowDecimals={false} width={36} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend formatter={legendText} itemSorter={LEVEL_ORDER} />
        {levelBars(patterns)}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Both scores of an account month by month. */
export function ScoreHistoryChart({ history }: { history: readonly ScoreHistoryPoint[] }) {
  const data = history.map((point) => ({
    month: monthLabel(point.month),
    [SCORE_KIND_LABELS.riskiness]: point.riskiness,
    [SCORE_KIND_LABELS.issueness]: point.issueness,
  }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} margin={{ left: 0, right: 16, top: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="month" {...AXIS} tickFormatter={(label: string) => label.slice(0, 3)} />
        <YAxis allowDecimals={false} width={36} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        <Legend formatter={legendText} itemSorter={KIND_ORDER} />
        <Line
          type="monotone"
          dataKey={SCORE_KIND_LABELS.riskiness}
          stroke="var(--color-chart-1)"
          strokeWidth={2}
          dot={{ r: 3, fill: 'var(--color-chart-1)' }}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey={SCORE_KIND_LABELS.issueness}
          stroke="var(--color-chart-2)"
          strokeWidth={2}
          strokeDasharray="6 4"
          dot={{ r: 4, fill: 'var(--color-surface)', strokeWidth: 2 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** One score month by month, with the lines where its levels begin. */
export function ScoreChart({
  kind,
  history,
  thresholds,
}: {
  kind: ScoreKind;
  history: readonly { month: Month; score: number }[];
  thresholds: ScoreThresholds;
}) {
  const data = history.map((point) => ({ month: monthLabel(point.month), score: point.score }));
  const top = Math.max(thresholds.high + 5, ...history.map((point) => point.score));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} margin={{ left: 0, right: 16, top: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey="month" {...AXIS} tickFormatter={(label: string) => label.slice(0, 3)} />
        <YAxis allowDecimals={false} width={36} domain={[0, top]} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        {(['moderate', 'high'] as const).map((level) => (
          <ReferenceLine
            key={level}
            y={thresholds[level]}
            stroke={`var(--color-level-${level})`}
            strokeDasharray={level === 'high' ? '2 3' : '8 4'}
            label={{
              value: `${SCORE_LEVEL_LABELS[level]} from ${thresholds[level]}`,
              position: 'insideTopLeft',
              fill: 'var(--color-text)',
              fontSize: 12,
            }}
          />
        ))}
        <Line
          type="monotone"
          dataKey="score"
          name={SCORE_KIND_LABELS[kind]}
          stroke="var(--color-chart-1)"
          strokeWidth={2}
          dot={{ r: 3, fill: 'var(--color-chart-1)' }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

type PatternIds = Record<ScoreLevel, string>;

/** Pattern ids unique to one chart (two charts on a page each define their own). */
function usePatternIds(): PatternIds {
  const base = `levels-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return { low: `${base}-low`, moderate: `${base}-moderate`, high: `${base}-high` };
}

/** A level's series keyed by its label, so the legend and the tooltip name it. */
function levelSeries(counts: LevelCounts): Record<string, number> {
  return Object.fromEntries(
    SCORE_LEVELS.map((level) => [SCORE_LEVEL_LABELS[level], counts[level]]),
  );
}

/** Called, not rendered as a component: the chart reads its bars among its own children. */
function levelBars(patterns: PatternIds) {
  return SCORE_LEVELS.map((level) => (
    <Bar
      key={level}
      dataKey={SCORE_LEVEL_LABELS[level]}
      stackId="levels"
      fill={`url(#${patterns[level]})`}
      stroke={`var(--color-level-${level})`}
      isAnimationActive={false}
    />
  ));
}

/** Low plain, Moderate striped, High cross-hatched: told apart without colour. */
function levelPatterns(ids: PatternIds) {
  const line = { stroke: 'var(--color-level-pattern)', strokeWidth: 2 };
  return (
    <defs>
      <pattern id={ids.low} width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" style={{ fill: 'var(--color-level-low)' }} />
      </pattern>
      <pattern
        id={ids.moderate}
        width="8"
        height="8"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="8" height="8" style={{ fill: 'var(--color-level-moderate)' }} />
        <line x1="0" y1="0" x2="0" y2="8" style={line} />
      </pattern>
      <pattern id={ids.high} width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" style={{ fill: 'var(--color-level-high)' }} />
        <path d="M0 0L8 8M8 0L0 8" style={line} />
      </pattern>
    </defs>
  );
}

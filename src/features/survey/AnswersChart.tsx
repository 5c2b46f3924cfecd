import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DriverDistribution } from './resultsSummary';
import surveyStyles from './survey.module.css';

/** Fills for the answer labels, from the chart tokens, in order. */
const FILLS = [
  'var(--color-chart-1)',
  'var(--color-chart-2)',
  'var(--color-chart-3)',
  'var(--color-chart-4)',
  'var(--color-chart-5)',
  'var(--color-chart-6)',
];

/**
 * Answers by driver as stacked bars (recharts, loaded with this chunk only). It is a picture of
 * the table beside it, which screen readers read instead.
 */
export default function AnswersChart({
  rows,
  labels,
}: {
  rows: readonly DriverDistribution[];
  labels: readonly string[];
}) {
  const data = rows.map(({ driver, counts }) => ({ driver, ...counts }));
  const height = Math.max(160, rows.length * 34 + 80);
  return (
    <div className={surveyStyles.chart} aria-hidden="true">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ left: 8, right: 16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} stroke="var(--color-border)" />
          <XAxis
            type="number"
            allowDecimals={false}
            stroke="var(--color-border-strong)"
            tick={{ fill: 'var(--color-text)', fontSize: 12 }}
          />
          <YAxis
            type="category"
            dataKey="driver"
            width={170}
            stroke="var(--color-border-strong)"
            tick={{ fill: 'var(--color-text)', fontSize: 12 }}
          />
          {/* Item names in text colour: the series colours are fills, not text on white. */}
          <Tooltip
            itemStyle={{ color: 'var(--color-text)' }}
            contentStyle={{
              background: 'var(--color-surface)',
              border: '1px solid var(--color-border)',
              borderRadius: 'var(--radius)',
              color: 'var(--color-text)',
            }}
          />
          <Legend
            formatter={(value: string) => (
              <span style={{ color: 'var(--color-text)' }}>{value}</span>
            )}
          />
          {labels.map((label, index) => (
            <Bar
              key={label}
              dataKey={label}
              stackId="answers"
              fill={FILLS[index % FILLS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

import { memo } from 'react';
import { RATINGS, ratingOf, type Rating } from '../../../api/contract/risks';
import { RATING_LABELS } from '../labels';
import type { HeatCounts } from './riskFilters';
import listStyles from '../risksList.module.css';
import heatStyles from './heatMap.module.css';

/** Probability from the top down (High first), impact left to right (Low first). */
const PROBABILITIES = [...RATINGS].reverse();

/**
 * The probability × impact heat map of the open risks the other filters show. A cell is a toggle
 * button: pressing it filters the list to that probability and impact, pressing it again clears
 * both. Colours follow the rating the two make; the counts and names carry the meaning.
 */
export const HeatMap = memo(function HeatMap({
  heat,
  probability,
  impact,
  onToggle,
}: {
  heat: HeatCounts;
  probability: Rating | undefined;
  impact: Rating | undefined;
  onToggle: (probability: Rating, impact: Rating) => void;
}) {
  const total = RATINGS.reduce(
    (sum, p) => sum + RATINGS.reduce((row, i) => row + heat[p][i], 0),
    0,
  );
  return (
    <section
      className={`${listStyles.heatMap} ${heatStyles.heatMap}`}
      aria-labelledby="heat-map-title"
    >
      <h2 id="heat-map-title">Open risks by probability and impact</h2>
      <p className={`${listStyles.riskHint} ${heatStyles.riskHint}`} id="heat-map-hint">
        {total === 1 ? '1 open risk' : `${total.toLocaleString('en-US')} open risks`}. Pick a cell
        to filter the list; pick it again to clear.
      </p>
      <table className={heatStyles.heatGrid} aria-describedby="heat-map-hint">
        <caption className="visually-hidden">Probability by impact</caption>
        <colgroup>
          <col className={heatStyles.heatColLabel} />
          <col span={3} />
        </colgroup>
        <thead>
          <tr>
            <td />
            <th scope="colgroup" colSpan={3} className={heatStyles.heatAxis}>
              Impact
            </th>
          </tr>
          <tr>
            <th scope="col" className={heatStyles.heatAxis}>
              Probability
            </th>
            {RATINGS.map((i) => (
              <th key={i} scope="col">
                {RATING_LABELS[i]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PROBABILITIES.map((p) => (
            <tr key={p}>
              <th scope="row">{RATING_LABELS[p]}</th>
              {RATINGS.map((i) => {
                const count = heat[p][i];
                const pressed = probability === p && impact === i;
                return (
                  <td key={i}>
                    <button
                      type="button"
                      className={heatStyles.heatCell}
                      data-rating={ratingOf(p, i)}
                      aria-pressed={pressed}
                      aria-label={`Probability ${RATING_LABELS[p]}, impact ${RATING_LABELS[i]}: ${
                        count === 1 ? '1 risk' : `${count} risks`
                      }`}
                      onClick={() => onToggle(p, i)}
                    >
                      {count}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={heatStyles.heatLegend} aria-label="Rating">
        {RATINGS.map((rating) => (
          <li key={rating}>
            <span className={heatStyles.heatSwatch} data-rating={rating} aria-hidden="true" />
            {RATING_LABELS[rating]} rating
          </li>
        ))}
      </ul>
    </section>
  );
});

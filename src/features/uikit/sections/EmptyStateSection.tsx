import { Section } from '../Section';

/** Empty state: says why nothing is shown and what to do about it. */
export function EmptyStateSection() {
  return (
    <Section
      id="empty-state"
      title="Empty state"
      intro="When a list has nothing to show: why, and the one thing to do next."
    >
      <div className="empty-state">
        <h3>No risks match these filters</h3>
        <p>Clear a filter or widen the search to see more.</p>
        <button type="button" className="button">
          Clear the filters
        </button>
      </div>
    </Section>
  );
}

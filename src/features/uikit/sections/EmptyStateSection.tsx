import { Inbox, TriangleAlert } from 'lucide-react';
import { Button } from '../../../shared/ui/Button';
import { EmptyState, NoMatch } from '../../../shared/ui/EmptyState';
import { Section, Sample } from '../Section';
import styles from '../UiKit.module.css';

/** Empty state: says why nothing is shown and what to do about it. */
export function EmptyStateSection() {
  return (
    <Section
      id="empty-state"
      title="Empty state"
      intro="When a list has nothing to show: why, and the one thing to do next. When it could not load, an alert with a way to try again."
    >
      <div className={styles.stack}>
        <Sample label="Nothing yet">
          <EmptyState icon={Inbox} title="No checks yet" titleLevel={3}>
            <p>Checks you run, answer or review appear here.</p>
          </EmptyState>
        </Sample>
        <Sample label="Nothing matches">
          <NoMatch title="No risks match these filters" titleLevel={3} onReset={() => undefined}>
            <p>Clear a filter or widen the search to see more.</p>
          </NoMatch>
        </Sample>
        <Sample label="Load failure (alert)">
          <EmptyState
            icon={TriangleAlert}
            alert
            title="The risks could not be loaded"
            titleLevel={3}
            actions={<Button>Try again</Button>}
          >
            <p>Check your connection, then try again.</p>
          </EmptyState>
        </Sample>
      </div>
    </Section>
  );
}

import { LoadingScreen } from '../../../shared/ui/LoadingScreen';
import { TableSkeleton } from '../../../shared/ui/TableSkeleton';
import { Section } from '../Section';

/** Loading: a spinner with words, announced politely. */
export function LoadingSection() {
  return (
    <Section
      id="loading"
      title="Loading"
      intro="While a screen or a part of it loads: a spinner with words that say what is coming, announced politely; where a table will be, skeleton rows in its shape."
    >
      <LoadingScreen label="Loading the risks…" />
      <TableSkeleton label="Loading risks and issues…" rows={4} columns={5} />
    </Section>
  );
}

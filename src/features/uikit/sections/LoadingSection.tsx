import { LoadingScreen } from '../../../shared/ui/LoadingScreen';
import { Section } from '../Section';

/** Loading: a spinner with words, announced politely. */
export function LoadingSection() {
  return (
    <Section
      id="loading"
      title="Loading"
      intro="While a screen or a part of it loads: a spinner with words that say what is coming, announced politely."
    >
      <LoadingScreen label="Loading the risks…" />
    </Section>
  );
}

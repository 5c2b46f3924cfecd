import { useLocation } from 'react-router';
import { neighbours, useSurvey } from './context';
import { Button } from '../../shared/ui/Button';
import surveyStyles from './survey.module.css';

/** Previous and next of spec §2; empty at the ends of the flow. */
export function StepNav() {
  const context = useSurvey();
  const { pathname } = useLocation();
  const { previous, next } = neighbours(context, pathname);
  return (
    <nav className={surveyStyles.stepNav} aria-label="Survey steps">
      <span>
        {previous && (
          <Button to={previous.path} rel="prev">
            ← Previous: {previous.title}
          </Button>
        )}
      </span>
      <span>
        {next && (
          <Button to={next.path} rel="next" variant="primary">
            Next: {next.title} →
          </Button>
        )}
      </span>
    </nav>
  );
}

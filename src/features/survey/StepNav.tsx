import { Link, useLocation } from 'react-router';
import { neighbours, useSurvey } from './context';

/** Previous and next of spec §2; empty at the ends of the flow. */
export function StepNav() {
  const context = useSurvey();
  const { pathname } = useLocation();
  const { previous, next } = neighbours(context, pathname);
  return (
    <nav className="step-nav" aria-label="Survey steps">
      <span>
        {previous && (
          <Link to={previous.path} rel="prev" className="button">
            ← Previous: {previous.title}
          </Link>
        )}
      </span>
      <span>
        {next && (
          <Link to={next.path} rel="next" className="button button-primary">
            Next: {next.title} →
          </Link>
        )}
      </span>
    </nav>
  );
}

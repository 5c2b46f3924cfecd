import { Link, useLocation } from 'react-router';
import type { SurveyStep } from './surveySteps';

/** The survey sidebar mode: numbered steps and a close button back to the checks list. */
export function SurveySidebar({ steps, title }: { steps: readonly SurveyStep[]; title: string }) {
  const { pathname } = useLocation();
  return (
    <div className="sidebar survey-sidebar">
      <nav aria-label={`Steps of ${title}`}>
        <Link
          to="/checks"
          className="survey-close"
          aria-label="Close the survey and go to the checks list"
        >
          <span aria-hidden="true">×</span>
        </Link>
        <ol className="survey-steps">
          {steps.map((step) => {
            const active = pathname === step.path;
            return (
              <li key={step.path}>
                <Link
                  to={step.path}
                  className={['survey-step', active && 'active', step.completed && 'completed']
                    .filter(Boolean)
                    .join(' ')}
                  aria-current={active ? 'step' : undefined}
                  title={step.title}
                >
                  <span className="step-label" aria-hidden="true">
                    {step.label}
                  </span>
                  <span className="step-title">
                    <span className="visually-hidden">Step {step.label}: </span>
                    {step.title}
                    {step.completed && <span className="visually-hidden"> (completed)</span>}
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}

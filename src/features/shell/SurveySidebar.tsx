import { Check, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { isDriverCompleted } from '../../api/contract/polls';
import { useGetPollQuery } from '../checks/api';
import { useGetDriversQuery } from '../survey/api';
import { surveySteps, type SurveyStep } from './surveySteps';
import styles from './SurveySidebar.module.css';

/** The survey sidebar mode: numbered steps and a close button back to the checks list. */
export function SurveySidebar({ steps, title }: { steps: readonly SurveyStep[]; title: string }) {
  const { pathname } = useLocation();
  const current = steps.find((step) => step.path === pathname);
  const listRef = useRef<HTMLOListElement>(null);
  // As a row on a narrow screen the steps scroll sideways: bring the current one into view.
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
  }, [pathname, steps.length]);
  return (
    <div className={styles.rail}>
      <nav aria-label={`Steps of ${title}`}>
        <Link
          to="/checks"
          className={styles.close}
          aria-label="Close the survey and go to the checks list"
        >
          <X aria-hidden="true" size={18} />
          <span className={styles.closeText} aria-hidden="true">
            Close survey
          </span>
        </Link>
        <ol className={styles.steps} ref={listRef}>
          {steps.map((step) => {
            const active = pathname === step.path;
            return (
              <li key={step.path}>
                <Link
                  to={step.path}
                  className={styles.step}
                  data-completed={step.completed || undefined}
                  aria-current={active ? 'step' : undefined}
                  title={step.title}
                >
                  <span className={styles.code} aria-hidden="true">
                    {step.completed && !active ? <Check size={16} strokeWidth={3} /> : step.label}
                  </span>
                  <span className={styles.title}>
                    <span className="visually-hidden">Step {step.label}: </span>
                    {step.title}
                    {step.completed && <span className="visually-hidden"> (completed)</span>}
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
        {current && (
          // The current step's name beside the row on narrow screens; its link already says it.
          <p className={styles.current} aria-hidden="true">
            {current.title}
          </p>
        )}
      </nav>
    </div>
  );
}

/** The survey sidebar of a survey route: the poll's steps behind the poll's permissions. */
export function SurveySidebarFor({ pollId, audit }: { pollId: number; audit: boolean }) {
  const { data: poll } = useGetPollQuery(pollId);
  const { data: drivers } = useGetDriversQuery(pollId);
  const steps =
    poll && drivers
      ? surveySteps({
          pollId,
          audit,
          permissions: poll.user_permissions,
          drivers: drivers.map((driver) => ({
            slug: driver.slug,
            name: driver.name,
            completed: isDriverCompleted(driver),
          })),
        })
      : [];
  return <SurveySidebar steps={steps} title={poll ? poll.project.name : 'the check'} />;
}

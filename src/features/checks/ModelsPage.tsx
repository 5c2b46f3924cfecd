import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PollModelInfo } from '../../api/contract/polls';
import { LoadingScreen } from '../../shared/ui/LoadingScreen';
import { useGetPollModelsQuery } from './api';
import { POLL_TYPE_LABELS, ROLE_LABELS } from '../../api/contract/pollLabels';
import { Button } from '../../shared/ui/Button';
import { EmptyState, LoadFailed } from '../../shared/ui/EmptyState';
import checkStyles from './checks.module.css';
import { Breadcrumb } from '../../shared/ui/Breadcrumb';
import { safeHref } from '../../shared/lib/safeHref';

type ModelDriver = PollModelInfo['drivers'][number];

/**
 * `/checks/models`: what each check model asks — its drivers by area, their knowledge-base
 * pages and questions with the roles that answer them — with a filter over drivers and questions.
 */
export default function ModelsPage() {
  const [params, setParams] = useSearchParams();
  const { data: models, isLoading, isError, refetch } = useGetPollModelsQuery();

  const shown = models?.find((model) => model.code === params.get('model')) ?? models?.[0];

  return (
    <section className={checkStyles.modelsPage} aria-labelledby="models-title">
      <Breadcrumb trail={[{ label: 'Checks', to: '/checks' }]} />
      <h1 id="models-title">Check models</h1>
      <p>A model is the set of drivers and questions a check asks.</p>

      {isLoading ? (
        <LoadingScreen label="Loading the models…" />
      ) : isError ? (
        <LoadFailed title="The models could not be loaded" onRetry={() => void refetch()} />
      ) : !models || !shown ? (
        <EmptyState title="No models yet">
          <p>Models appear here once an administrator sets them up.</p>
        </EmptyState>
      ) : (
        <>
          <div className={checkStyles.modelSwitch} role="group" aria-label="Show model">
            {models.map((model) => (
              <button
                key={model.code}
                type="button"
                className={checkStyles.modelSwitchOption}
                aria-pressed={model.code === shown.code}
                onClick={() => setParams({ model: model.code }, { replace: true })}
              >
                {model.name}
              </button>
            ))}
          </div>
          <ModelDetails key={shown.code} model={shown} />
        </>
      )}
    </section>
  );
}

function ModelDetails({ model }: { model: PollModelInfo }) {
  const [filter, setFilter] = useState('');
  const term = filter.trim().toLowerCase();
  const drivers = model.drivers
    .map((driver) => ({ driver, questions: matchingQuestions(driver, term) }))
    .filter(({ questions }) => questions !== null);

  return (
    <section className={checkStyles.model} aria-labelledby="model-title">
      <h2 id="model-title">{model.name}</h2>
      <dl className="facts">
        <div>
          <dt>Code</dt>
          <dd>
            <code>{model.code}</code>
          </dd>
        </div>
        <div>
          <dt>Serves</dt>
          <dd>{model.types.map((type) => POLL_TYPE_LABELS[type]).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>Drivers</dt>
          <dd>{model.drivers.length}</dd>
        </div>
      </dl>
      {model.description && <p>{model.description}</p>}

      <div className={`${checkStyles.field} ${checkStyles.modelsFilter}`}>
        <label htmlFor="models-filter">Filter drivers and questions</label>
        <input
          id="models-filter"
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <p className="muted" aria-live="polite">
        {term
          ? `${drivers.length} of ${model.drivers.length} drivers match.`
          : `${model.drivers.length} drivers.`}
      </p>

      {drivers.length === 0 ? (
        <EmptyState
          actions={
            <Button type="button" onClick={() => setFilter('')}>
              Clear the filter
            </Button>
          }
        >
          <p>No driver or question matches “{filter.trim()}”.</p>
        </EmptyState>
      ) : (
        <ul className={checkStyles.driverList}>
          {drivers.map(({ driver, questions }) => (
            <li key={driver.slug}>
              <DriverDetails driver={driver} questions={questions ?? []} open={term !== ''} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DriverDetails({
  driver,
  questions,
  open,
}: {
  driver: ModelDriver;
  questions: ModelDriver['questions'];
  open: boolean;
}) {
  const knowledgeBase = safeHref(driver.kb_link);
  return (
    <details className={checkStyles.driver} open={open}>
      <summary>
        <h3>{driver.name}</h3>
        <span className="muted">
          {driver.area.name} ·{' '}
          {questions.length === driver.questions.length
            ? `${questions.length} ${questions.length === 1 ? 'question' : 'questions'}`
            : `${questions.length} of ${driver.questions.length} questions match`}
        </span>
      </summary>
      <div className={checkStyles.driverBody}>
        {driver.description && <p>{driver.description}</p>}
        {knowledgeBase && (
          <p>
            <a href={knowledgeBase} target="_blank" rel="noopener noreferrer">
              Knowledge base: {driver.name}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <ol className={checkStyles.questionList} aria-label={`Questions of ${driver.name}`}>
          {questions.map((question) => (
            <li key={question.id}>
              <span>{question.text}</span>
              <span className={checkStyles.questionRoles}>
                Answered by:{' '}
                {question.roles.length > 0
                  ? question.roles.map((role) => ROLE_LABELS[role]).join(', ')
                  : 'nobody yet'}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </details>
  );
}

/**
 * A driver whose name, area or description matches keeps all its questions; otherwise only the
 * matching questions stay, and null drops the driver.
 */
function matchingQuestions(driver: ModelDriver, term: string): ModelDriver['questions'] | null {
  if (!term) return driver.questions;
  const driverMatches = [driver.name, driver.area.name, driver.description].some((text) =>
    text.toLowerCase().includes(term),
  );
  if (driverMatches) return driver.questions;
  const questions = driver.questions.filter((question) =>
    question.text.toLowerCase().includes(term),
  );
  return questions.length > 0 ? questions : null;
}

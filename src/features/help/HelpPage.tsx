import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { searchHelp, searchTerms, type HelpMatch } from './searchHelp';
import { HELP_TOPICS, type HelpSection } from './topics';
import { Button } from '../../shared/ui/Button';
import styles from './HelpPage.module.css';

/** `/online-help/index.htm`: the help shipped with the app, one topic per area, searchable. */
export default function HelpPage() {
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const matches = useMemo(() => searchHelp(HELP_TOPICS, query), [query]);
  const terms = useMemo(() => searchTerms(query), [query]);
  const searching = terms.length > 0;
  useScrollToHashTopic();

  const clearSearch = () => {
    setQuery('');
    searchRef.current?.focus();
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      clearSearch();
    }
  };

  return (
    <article className={styles.help} aria-labelledby="help-title">
      <header className={styles.helpHeader}>
        <h1 id="help-title">Help</h1>
        <p className={styles.helpIntro}>
          How each area of the platform works, what its messages mean and what to do when something
          goes wrong. Search, or pick a topic.
        </p>
        <form
          className={styles.helpSearch}
          role="search"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={searchId}>Search help</label>
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKey}
            autoComplete="off"
            spellCheck={false}
          />
        </form>
        <div className={styles.helpStatus}>
          <p role="status">{searchStatus(query, matches)}</p>
          {searching && (
            <Button type="button" variant="quiet-link" onClick={clearSearch}>
              Clear search
            </Button>
          )}
        </div>
      </header>

      {matches.length > 0 && (
        <div className={styles.helpLayout}>
          <nav className={styles.helpToc} aria-label="Help topics">
            <ol>
              {matches.map(({ topic }) => (
                <li key={topic.id}>
                  <Link to={{ hash: topic.id }}>{topic.title}</Link>
                </li>
              ))}
            </ol>
          </nav>
          <div className={styles.helpTopics}>
            {matches.map((match) => (
              <TopicSection key={match.topic.id} match={match} terms={terms} />
            ))}
          </div>
        </div>
      )}
    </article>
  );
}

/** Brings the topic named by the URL hash into view and moves focus to its heading. */
function useScrollToHashTopic() {
  const location = useLocation();
  useEffect(() => {
    const id = decodeHash(location.hash);
    if (!id) return;
    const topic = document.getElementById(id);
    if (!topic) return;
    // jsdom and some older engines lack scrollIntoView.
    topic.scrollIntoView?.({ block: 'start' });
    topic.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [location]);
}

function decodeHash(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function searchStatus(query: string, matches: readonly HelpMatch[]): string {
  const shown = query.trim();
  if (shown === '') return '';
  if (matches.length === 0) return `No help topic matches "${shown}"`;
  const topics = matches.length === 1 ? '1 topic matches' : `${matches.length} topics match`;
  return `${topics} "${shown}"`;
}

function TopicSection({ match, terms }: { match: HelpMatch; terms: readonly string[] }) {
  const { topic, sections } = match;
  const titleId = `${topic.id}-title`;
  return (
    <section id={topic.id} className={styles.helpTopic} aria-labelledby={titleId}>
      <h2 id={titleId} tabIndex={-1}>
        <Highlight text={topic.title} terms={terms} />
      </h2>
      {(topic.path || topic.permission) && (
        <p className={styles.helpTopicMeta}>
          {topic.path && (
            <Button size="sm" to={topic.path}>
              {topic.linkLabel ?? `Open ${topic.title}`}
            </Button>
          )}
          {topic.permission && (
            <span>
              Opens with the permission <code>{topic.permission}</code>
            </span>
          )}
        </p>
      )}
      {sections.map((section) => (
        <SectionBody key={section.heading} section={section} terms={terms} />
      ))}
    </section>
  );
}

function SectionBody({ section, terms }: { section: HelpSection; terms: readonly string[] }) {
  const List = section.ordered ? 'ol' : 'ul';
  return (
    <>
      <h3>
        <Highlight text={section.heading} terms={terms} />
      </h3>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>
          <Highlight text={paragraph} terms={terms} />
        </p>
      ))}
      {section.list && (
        <List>
          {section.list.map((item) => (
            <li key={item}>
              <Highlight text={item} terms={terms} />
            </li>
          ))}
        </List>
      )}
    </>
  );
}

/** Marks the searched words in plain text; React escapes the rest. */
function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  if (terms.length === 0) return text;
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi');
  // With one capturing group, split puts the matched words at the odd indexes.
  return text
    .split(pattern)
    .map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part));
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

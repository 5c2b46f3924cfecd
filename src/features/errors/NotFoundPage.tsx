import { useLocation } from 'react-router';
import { usePageTitle } from '../../shared/lib/documentTitle';
import { WayBackLinks } from '../../shared/ui/WayBackLinks';
import styles from './NotFoundPage.module.css';

export const NOT_FOUND_TITLE = 'Page not found';

/**
 * An address no route knows: a not-found page that says so, with the way home and back. (A poll,
 * a risk or a project that the server answers 403 or 404 for keeps spec §2's error screen.)
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{NOT_FOUND_TITLE}</h1>
      <p>
        There is no page at <code className={styles.path}>{pathname}</code>. The address may be
        mistyped, or the page may have moved.
      </p>
      <WayBackLinks to={{ to: '/', label: 'Go to the home page' }} />
    </section>
  );
}

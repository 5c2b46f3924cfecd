import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../shared/lib/documentTitle';
import type { WayBack } from '../../shared/ui/ErrorScreen';
import { WayBackLinks } from '../../shared/ui/WayBackLinks';
import styles from './NotFoundPage.module.css';

export const NOT_FOUND_TITLE = 'Page not found';

const HOME: WayBack = { to: '/', label: 'Go to the home page' };

/**
 * An address no route knows: a not-found page that says so, with the way home and back. A page
 * whose route exists but whose record or part is not there for this user (a project card's tab
 * the user may not view, a project that does not exist) gives its own `explanation` and `back`.
 * (A poll that the server answers 403 or 404 for keeps spec §2's error screen, which says what is
 * missing with `NotSharedAt` too.)
 */
export function NotFoundPage({
  explanation,
  back = HOME,
}: {
  /** What was not found, in a sentence or two; by default the address no page has. */
  explanation?: ReactNode;
  /** The named place to go back to: the home page by default. */
  back?: WayBack;
}) {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">{NOT_FOUND_TITLE}</h1>
      <p>{explanation ?? <UnknownAddress />}</p>
      <WayBackLinks to={back} />
    </section>
  );
}

/** An address, as the user typed it: cut wherever it must be, never widening the page. */
export function AddressText({ children }: { children: string }) {
  return <code className={styles.path}>{children}</code>;
}

function UnknownAddress() {
  const { pathname } = useLocation();
  return (
    <>
      There is no page at <AddressText>{pathname}</AddressText>. The address may be mistyped, or the
      page may have moved.
    </>
  );
}

/**
 * What is missing when a record's page gets a 403 or 404: "There is no {noun} at {address} that
 * you may open", and the two likely reasons.
 */
export function NotSharedAt({ noun }: { noun: string }) {
  const { pathname } = useLocation();
  return (
    <>
      There is no {noun} at <AddressText>{pathname}</AddressText> that you may open. The address may
      be mistyped, or the {noun} is not shared with you.
    </>
  );
}

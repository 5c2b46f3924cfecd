import { SUPPORT_LINKS } from '../config/links';
import { usePageTitle } from '../lib/documentTitle';
import { Button } from './Button';
import styles from './ErrorScreen.module.css';

/** The screen's h1, and the page's title while it shows (spec §2). */
export const ERROR_TITLE = 'Looks like something went wrong';

export const BACK_TO_CHECKS: WayBack = { to: '/checks', label: 'Back to checks' };
export const BACK_TO_RISKS: WayBack = { to: '/risks', label: 'Back to risks and issues' };
export const BACK_TO_PORTFOLIO: WayBack = {
  to: '/projects',
  label: 'Back to the project portfolio',
};

/** A way out of the not-found state, to the list the missing thing belongs to. */
export interface WayBack {
  to: string;
  label: string;
}

/**
 * Spec §2 error screen: render errors, failed chunks and not-found states end here. The
 * not-found state (a 403 or 404 of a poll, its drivers, a risk, or an unknown path, spec §8)
 * is this one screen everywhere, with `back` leading to where the user came from.
 */
export function ErrorScreen({
  notFound = false,
  inLayout = false,
  back,
}: {
  notFound?: boolean;
  /** Inside the app layout, whose <main> already holds the page. */
  inLayout?: boolean;
  back?: WayBack;
}) {
  usePageTitle(ERROR_TITLE);
  const Root = inLayout ? 'section' : 'main';
  return (
    <Root className={styles.screen} id={inLayout ? undefined : 'main'}>
      <h1>{ERROR_TITLE}</h1>
      {notFound && <p>The page you asked for does not exist, or you may not open it.</p>}
      {back && (
        <p>
          <Button to={back.to} variant="primary">
            {back.label}
          </Button>
        </p>
      )}
      <ol>
        <li>
          <Button type="button" variant="quiet-link" onClick={() => location.reload()}>
            Reload page
          </Button>
        </li>
        <li>
          <a href={SUPPORT_LINKS.faq} target="_blank" rel="noopener noreferrer">
            FAQ &amp; Troubleshooting
          </a>
        </li>
        <li>
          <a href={SUPPORT_LINKS.contact}>Contact us</a>
        </li>
      </ol>
      <p>
        More help in the{' '}
        <a href={SUPPORT_LINKS.documentSpace} target="_blank" rel="noopener noreferrer">
          document-sharing space
        </a>{' '}
        and the{' '}
        <a href={SUPPORT_LINKS.workplaceGroup} target="_blank" rel="noopener noreferrer">
          workplace group
        </a>
        .
      </p>
    </Root>
  );
}

import type { ReactNode } from 'react';
import { SUPPORT_LINKS } from '../config/links';
import { usePageTitle } from '../lib/documentTitle';
import { Button } from './Button';
import styles from './ErrorScreen.module.css';
import { WayBackLinks, type WayBack } from './WayBackLinks';

/** The screen's h1, and the page's title while it shows (spec §2). */
export const ERROR_TITLE = 'Looks like something went wrong';

export const BACK_TO_CHECKS: WayBack = { to: '/checks', label: 'Back to checks' };
export const BACK_TO_RISKS: WayBack = { to: '/risks', label: 'Back to risks and issues' };
export const BACK_TO_PORTFOLIO: WayBack = {
  to: '/projects',
  label: 'Back to the project portfolio',
};

export type { WayBack } from './WayBackLinks';

/**
 * Spec §2 error screen: render errors, failed chunks and not-found states end here. The
 * not-found state (a 403 or 404 of a poll, its drivers, a risk, spec §8) says what is missing
 * and puts the ways back first (`back`, then the previous page): reloading cannot bring back
 * what is not there, so the spec's steps follow, for when the user thinks it should be.
 */
export function ErrorScreen({
  notFound = false,
  inLayout = false,
  back,
  missing,
}: {
  notFound?: boolean;
  /** Inside the app layout, whose <main> already holds the page. */
  inLayout?: boolean;
  back?: WayBack;
  /** In the not-found state, what is missing, in a sentence or two. */
  missing?: ReactNode;
}) {
  usePageTitle(ERROR_TITLE);
  const Root = inLayout ? 'section' : 'main';
  return (
    <Root className={styles.screen} id={inLayout ? undefined : 'main'}>
      <h1>{ERROR_TITLE}</h1>
      {notFound && (
        <p>{missing ?? 'The page you asked for does not exist, or you may not open it.'}</p>
      )}
      {back && <WayBackLinks to={back} />}
      {notFound && <p>If you think you should be able to open it:</p>}
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

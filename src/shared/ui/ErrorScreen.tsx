import { SUPPORT_LINKS } from '../config/links';
import { Button } from './Button';
import styles from './ErrorScreen.module.css';

/** Spec §2 error screen: render errors, failed chunks and not-found states end here. */
export function ErrorScreen({
  notFound = false,
  inLayout = false,
}: {
  notFound?: boolean;
  /** Inside the app layout, whose <main> already holds the page. */
  inLayout?: boolean;
}) {
  const Root = inLayout ? 'section' : 'main';
  return (
    <Root className={styles.screen} id={inLayout ? undefined : 'main'}>
      <h1>Looks like something went wrong</h1>
      {notFound && <p>The page you asked for does not exist, or you may not open it.</p>}
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

import { isRouteErrorResponse, useRouteError } from 'react-router';

export const SUPPORT_LINKS = {
  faq: 'https://support.example.com/pep/faq',
  contact: 'mailto:pep-support@example.com',
  documentSpace: 'https://docs.example.com/pep',
  workplaceGroup: 'https://workplace.example.com/groups/pep',
};

/** Spec §2 error screen: render errors, failed chunks and not-found states end here. */
export function ErrorScreen({ notFound = false }: { notFound?: boolean }) {
  return (
    <main className="error-screen" id="main">
      <h1>
        {notFound
          ? 'This page does not exist or you may not see it'
          : 'Looks like something went wrong'}
      </h1>
      <ol>
        <li>
          <button type="button" className="link-button" onClick={() => location.reload()}>
            Reload page
          </button>
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
    </main>
  );
}

export function RouteErrorScreen() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && (error.status === 404 || error.status === 403);
  return <ErrorScreen notFound={notFound} />;
}

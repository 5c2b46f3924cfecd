import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorScreen } from '../../shared/ui/ErrorScreen';

/** A route's error element; with no route error it is the not-found state of an unknown path. */
export function RouteErrorScreen({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    if (error) console.error(error);
  }, [error]);
  const notFound =
    error == null ||
    (isRouteErrorResponse(error) && (error.status === 404 || error.status === 403));
  return <ErrorScreen notFound={notFound} inLayout={inLayout} />;
}

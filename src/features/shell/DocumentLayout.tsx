import { Outlet } from 'react-router';
import { productName } from '../../shared/config/product';
import { PageTitleContext, useLayoutTitle } from '../../shared/lib/documentTitle';
import { useGetCurrentUserQuery } from '../auth/api';

/**
 * A printable document's frame, without the header and sidebar: the page's main landmark and
 * its title in the browser tab, for the document and for the refusal shown in its place.
 */
export function DocumentLayout() {
  const { data: user } = useGetCurrentUserQuery();
  const setPageTitle = useLayoutTitle(productName(user?.isPortfolio ?? false));
  return (
    <main id="main">
      <PageTitleContext value={setPageTitle}>
        <Outlet />
      </PageTitleContext>
    </main>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useMatch } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { productName } from '../../shared/config/product';
import { PageTitleContext, useLayoutTitle } from '../../shared/lib/documentTitle';
import { usePageToasts } from '../../shared/lib/toasts';
import { Drawer } from '../../shared/ui/Drawer';
import { useGetCurrentUserQuery } from '../auth/api';
import { Banner } from './Banner';
import { trackUsage } from '../stats/api';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { SurveySidebarFor } from './SurveySidebar';
import { useSignOut } from './useSignOut';
import styles from './AppLayout.module.css';

/** Records each page the user opens and clears the page-bound toasts of the page left. */
function usePageNavigation() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const last = useRef<string | null>(null);
  usePageToasts();
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    void dispatch(trackUsage({ action: 'page_navigation', action_detail: pathname }));
  }, [pathname, dispatch]);
}

/** From this width up the sidebar sits beside the page; below it, in the menu drawer. */
const WIDE = '(min-width: 1024px)';

/**
 * The menu drawer's state. It is open only on the page it was opened on, so any navigation closes
 * it; growing the window past the drawer's breakpoint closes it too.
 */
function useMenuDrawer(pathname: string) {
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === pathname;
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(WIDE);
    const closeWhenWide = () => {
      if (wide.matches) setOpenedOn(null);
    };
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [open]);
  return {
    open,
    setOpen: (next: boolean) => setOpenedOn(next ? pathname : null),
  };
}

/** Header, sidebar, banner and the page of a signed-in user. */
export function AppLayout() {
  const { data: user } = useGetCurrentUserQuery();
  const { signOut, signingOut } = useSignOut();
  usePageNavigation();
  const setPageTitle = useLayoutTitle(productName(user?.isPortfolio ?? false));
  const { pathname } = useLocation();
  const menu = useMenuDrawer(pathname);
  const menuButton = useRef<HTMLButtonElement>(null);
  const survey = useMatch('/survey/:pollId/*');
  const auditSurvey = useMatch('/audit-survey/:pollId/*');
  const surveyMatch = survey ?? auditSurvey;
  const pollId = Number(surveyMatch?.params.pollId);
  if (!user) return null;

  return (
    <div>
      <a className={styles.skipLink} href="#main">
        Skip to content
      </a>
      <Header
        user={user}
        onSignOut={() => void signOut()}
        signingOut={signingOut}
        menuOpen={menu.open}
        onOpenMenu={() => menu.setOpen(true)}
        menuButtonRef={menuButton}
      />
      <Drawer
        open={menu.open}
        onOpenChange={menu.setOpen}
        title="Menu"
        closeLabel="Close menu"
        returnFocusTo={menuButton}
      >
        <Sidebar user={user} inDrawer />
      </Drawer>
      <div className={styles.body}>
        <Sidebar user={user} />
        {surveyMatch && Number.isInteger(pollId) && pollId > 0 && (
          <SurveySidebarFor key={pollId} pollId={pollId} audit={auditSurvey !== null} />
        )}
        <main id="main" className={styles.page} tabIndex={-1}>
          <Banner hiddenByUser={user.banner.isHideBanner} />
          <PageTitleContext value={setPageTitle}>
            <Outlet />
          </PageTitleContext>
        </main>
      </div>
    </div>
  );
}

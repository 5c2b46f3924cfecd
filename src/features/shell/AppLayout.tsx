import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatch } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { clearPageToasts } from '../../shared/lib/toasts';
import { useGetCurrentUserQuery } from '../auth/api';
import { Banner } from './Banner';
import { trackUsage } from '../stats/api';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { SurveySidebarFor } from './SurveySidebar';
import { useSignOut } from './useSignOut';

/** Records each page the user opens and clears the page-bound toasts of the page left. */
function usePageNavigation() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    if (last.current !== null) clearPageToasts();
    last.current = pathname;
    void dispatch(trackUsage({ action: 'page_navigation', action_detail: pathname }));
  }, [pathname, dispatch]);
}

/** Header, sidebar, banner and the page of a signed-in user. */
export function AppLayout() {
  const { data: user } = useGetCurrentUserQuery();
  const { signOut, signingOut } = useSignOut();
  usePageNavigation();
  const survey = useMatch('/survey/:pollId/*');
  const auditSurvey = useMatch('/audit-survey/:pollId/*');
  const surveyMatch = survey ?? auditSurvey;
  const pollId = Number(surveyMatch?.params.pollId);
  if (!user) return null;

  return (
    <div className="app-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header user={user} onSignOut={() => void signOut()} signingOut={signingOut} />
      <div className="app-body">
        <Sidebar user={user} />
        {surveyMatch && Number.isInteger(pollId) && pollId > 0 && (
          <SurveySidebarFor key={pollId} pollId={pollId} audit={auditSurvey !== null} />
        )}
        <main id="main" className="page" tabIndex={-1}>
          <Banner hiddenByUser={user.banner.isHideBanner} />
          <Outlet />
        </main>
      </div>
    </div>
  );
}

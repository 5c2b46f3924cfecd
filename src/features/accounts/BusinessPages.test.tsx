import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  AccountRow,
  BusinessLineDetail,
  BusinessSegmentDetail,
  OpenRiskCounts,
} from '../../api/contract/accounts';
import { API } from '../../testing/msw/handlers';
import { server } from '../../testing/msw/server';
import { signedInWith } from '../../testing/msw/session';
import { renderRoutes } from '../../testing/renderRoutes';
import BusinessLinePage from './BusinessLinePage';
import BusinessSegmentPage from './BusinessSegmentPage';

const counts = (risks: number, issues: number): OpenRiskCounts => ({
  risks,
  issues,
  risks_by_rating: { low: risks, moderate: 0, high: 0 },
  issues_by_severity: { critical: 0, high: 0, moderate: issues, low: 0 },
});

const ACCOUNT: AccountRow = {
  id: 18,
  name: 'Stanton - Wyman',
  business_line: { id: 8, name: 'Media' },
  business_segment: { id: 4, name: 'Retail and Media' },
  delivery_owner: null,
  nps_status: 'unknown',
  csat_status: 'neutral',
  projects_count: 6,
  open_risks: 5,
  open_issues: 2,
};

const LINE: BusinessLineDetail = {
  id: 8,
  name: 'Media',
  business_segment: { id: 4, name: 'Retail and Media' },
  accounts: [ACCOUNT],
  projects_count: 6,
  line_risks: counts(1, 1),
};

const SEGMENT: BusinessSegmentDetail = {
  id: 4,
  name: 'Retail and Media',
  lines: [
    { id: 8, name: 'Media', accounts_count: 1, projects_count: 6, open_risks: 6, open_issues: 3 },
  ],
  accounts: [ACCOUNT],
  projects_count: 6,
  segment_risks: counts(2, 0),
};

const renderLine = () => {
  server.use(http.get(`${API}/api/business-lines/8/`, () => HttpResponse.json(LINE)));
  return renderRoutes(
    [{ path: '/accounts/business-lines/:lineId', element: <BusinessLinePage /> }],
    '/accounts/business-lines/8',
  );
};
const renderSegment = () => {
  server.use(http.get(`${API}/api/business-segments/4/`, () => HttpResponse.json(SEGMENT)));
  return renderRoutes(
    [{ path: '/accounts/business-segments/:segmentId', element: <BusinessSegmentPage /> }],
    '/accounts/business-segments/4',
  );
};

describe('the business line page', { timeout: 15_000 }, () => {
  it('shows its accounts, counts and links to the risks and the portfolio', async () => {
    signedInWith([
      'CAN_VIEW_ACCOUNT_TAB',
      'CAN_VIEW_BUSINESS_LINE_TAB',
      'CAN_VIEW_BUSINESS_SEGMENT_TAB',
      'CAN_VIEW_PROJECT_CARD',
    ]);
    renderLine();
    expect(await screen.findByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Stanton - Wyman' })).toHaveAttribute(
      'href',
      '/accounts/18',
    );
    expect(screen.getByRole('link', { name: 'Business line risks and issues' })).toHaveAttribute(
      'href',
      '/risks?level=business_line&scope=8',
    );
    expect(
      screen.getByRole('link', { name: 'This line in the project portfolio' }),
    ).toHaveAttribute('href', '/projects?line=8');
    // Line level 1 + 5 under its account.
    expect(screen.getByText('Open risks', { selector: 'dt' }).nextSibling).toHaveTextContent('6');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Accounts');
    expect(crumbs).toHaveTextContent('Retail and Media');
  });

  it('names the accounts without linking them when the user may not open accounts', async () => {
    signedInWith(['CAN_VIEW_BUSINESS_LINE_TAB']);
    renderLine();
    expect(await screen.findByText('Stanton - Wyman')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Stanton - Wyman' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'This line in the project portfolio' })).toBeNull();
  });

  it('shows the not-found screen on a 403', async () => {
    signedInWith(['CAN_VIEW_BUSINESS_LINE_TAB']);
    server.use(
      http.get(`${API}/api/business-lines/8/`, () =>
        HttpResponse.json({ detail: 'No.' }, { status: 403 }),
      ),
    );
    renderRoutes(
      [{ path: '/accounts/business-lines/:lineId', element: <BusinessLinePage /> }],
      '/accounts/business-lines/8',
    );
    expect(await screen.findByText('Looks like something went wrong')).toBeVisible();
  });
});

describe('the business segment page', { timeout: 15_000 }, () => {
  it('shows its lines and accounts with links to the risks and the portfolio', async () => {
    signedInWith([
      'CAN_VIEW_ACCOUNT_TAB',
      'CAN_VIEW_BUSINESS_LINE_TAB',
      'CAN_VIEW_BUSINESS_SEGMENT_TAB',
      'CAN_VIEW_PROJECT_CARD',
    ]);
    renderSegment();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Retail and Media' }),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Media' })[0]).toHaveAttribute(
      'href',
      '/accounts/business-lines/8',
    );
    expect(screen.getByRole('link', { name: 'Business segment risks and issues' })).toHaveAttribute(
      'href',
      '/risks?level=business_segment&scope=4',
    );
    expect(
      screen.getByRole('link', { name: 'This segment in the project portfolio' }),
    ).toHaveAttribute('href', '/projects?segment=4');
    expect(screen.getByRole('link', { name: 'Stanton - Wyman' })).toHaveAttribute(
      'href',
      '/accounts/18',
    );
  });
});

import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useMockBackend } from '../../testing/mockBackend';
import { signedInWith } from '../../testing/msw/session';
import { renderRoutes } from '../../testing/renderRoutes';
import BusinessLinePage from './BusinessLinePage';
import BusinessSegmentPage from './BusinessSegmentPage';

/**
 * The mock backend answers (src/testing/mockBackend.ts): the seed's Media line (8) of the Retail
 * and Media segment (4), with Stanton - Wyman (18) among its four accounts; `signedInWith`
 * narrows the flags the screen sees.
 */
// As admin; the first test of a worker builds the seed (3 s, far more on a loaded machine).
beforeEach(async () => {
  await useMockBackend('admin');
}, 30_000);

const renderLine = () =>
  renderRoutes(
    [{ path: '/accounts/business-lines/:lineId', element: <BusinessLinePage /> }],
    '/accounts/business-lines/8',
  );
const renderSegment = () =>
  renderRoutes(
    [{ path: '/accounts/business-segments/:segmentId', element: <BusinessSegmentPage /> }],
    '/accounts/business-segments/4',
  );

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
    expect(screen.getByRole('link', { name: 'Lehner Group' })).toHaveAttribute(
      'href',
      '/accounts/28',
    );
    expect(screen.getByRole('link', { name: 'Business line risks and issues' })).toHaveAttribute(
      'href',
      '/risks?level=business_line&scope=8',
    );
    expect(
      screen.getByRole('link', { name: 'This line in the project portfolio' }),
    ).toHaveAttribute('href', '/projects?line=8');
    // The line's own 2 open risks and the 3 + 10 + 7 + 4 of its four accounts: every level, so
    // labelled as /accounts labels it, apart from the portfolio's "open project risks".
    expect(screen.getByText('All open risks', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '26',
    );
    expect(screen.queryByText('Open risks', { selector: 'dt' })).toBeNull();
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

  it('shows the not-found page when the server refuses the line (403)', async () => {
    // pm does not hold CAN_VIEW_BUSINESS_LINE_TAB: the mock refuses the line with a 403.
    await useMockBackend('pm');
    signedInWith(['CAN_VIEW_BUSINESS_LINE_TAB']);
    renderLine();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText(/There is no business line at/)).toBeVisible();
    expect(screen.queryByText('Looks like something went wrong')).toBeNull();
    expect(screen.queryByText('Reload page')).toBeNull();
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
    expect(screen.getAllByRole('link', { name: 'Travel' })[0]).toHaveAttribute(
      'href',
      '/accounts/business-lines/10',
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

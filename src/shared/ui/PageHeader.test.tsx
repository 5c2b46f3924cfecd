import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/renderRoutes';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('names the page in its h1 and leads back up the breadcrumb', async () => {
    const { router } = renderRoutes(
      [
        {
          path: '/checks/12',
          element: (
            <PageHeader
              title="Check 12"
              breadcrumb={[
                { label: 'Home', to: '/' },
                { label: 'Checks', to: '/checks' },
              ]}
            />
          ),
        },
      ],
      '/checks/12',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Check 12' })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(trail)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Checks']);
    await userEvent.click(within(trail).getByRole('link', { name: 'Checks' }));
    expect(router.state.location.pathname).toBe('/checks');
  });

  it('shows no breadcrumb for a top page', () => {
    renderRoutes([{ path: '/', element: <PageHeader title="Checks" /> }], '/');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });
});

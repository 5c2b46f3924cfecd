import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMockBackend } from '../../testing/mockBackend';
import { server } from '../../testing/msw/server';
import { renderRoute } from '../../testing/renderRoutes';
import { SearchDialog } from './SearchDialog';

/** The searches sent to the mock backend, by their text. */
function recordSearches() {
  const sent: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/search/') sent.push(url.searchParams.get('q') ?? '');
  });
  return sent;
}

describe('the search dialog', () => {
  beforeEach(async () => {
    await useMockBackend('admin');
  });
  afterEach(() => server.events.removeAllListeners());

  it('opens the first result when Enter was pressed before the results arrived, asking once', async () => {
    const sent = recordSearches();
    const onClose = vi.fn();
    const { router } = renderRoute(<SearchDialog open onClose={onClose} />);
    const user = userEvent.setup();
    // Enter at once, well within the pause the search waits for before it asks.
    await user.type(screen.getByRole('combobox'), 'Handmade Ball{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/1'));
    expect(onClose).toHaveBeenCalled();
    // The pause passes: the answer already there is used, not asked for again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(sent).toEqual(['Handmade Ball']);
  });

  it('forgets the Enter when the text changes before the results arrive', async () => {
    const { router } = renderRoute(<SearchDialog open onClose={() => undefined} />);
    const user = userEvent.setup();
    const box = screen.getByRole('combobox');
    await user.type(box, 'Handmade Ball{Enter}x');
    expect(
      await screen.findByText(/Nothing matches|found/, undefined, { timeout: 5000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});

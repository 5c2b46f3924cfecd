import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { clearPageToasts, notify, toastPageOf, usePageToasts } from './toasts';

/** jsdom runs no CSS animations: end the exit animations by hand. */
const endAnimations = () =>
  document.querySelectorAll('.Toastify__toast').forEach((toast) => fireEvent.animationEnd(toast));

describe('page-bound toasts (spec §8)', () => {
  it('clears the toasts of every type on a path change', async () => {
    render(<ToastContainer />);
    act(() => {
      notify.info('Now you may see the risks and issues created during the check.');
      notify.warning('Please provide at least one Supervisor comment');
      notify.success('You have successfully changed your Main Expert');
    });
    expect(await screen.findByText(/Now you may see the risks/)).toBeInTheDocument();
    expect(screen.getByText(/Supervisor comment/)).toBeInTheDocument();
    expect(screen.getByText('You have successfully changed your Main Expert')).toBeInTheDocument();
    act(() => clearPageToasts());
    endAnimations();
    await waitFor(() => expect(document.querySelector('.Toastify__toast')).toBeNull());
  });

  it('keeps a success raised for the page the app opens next, for that one page', async () => {
    render(<ToastContainer />);
    act(() => {
      notify.success('Saved on the page being left.');
      notify.successOnNextPage('The risk has been successfully created from the draft');
    });
    expect(await screen.findByText('Saved on the page being left.')).toBeInTheDocument();
    act(() => clearPageToasts());
    endAnimations();
    await waitFor(() =>
      expect(screen.queryByText('Saved on the page being left.')).not.toBeInTheDocument(),
    );
    expect(
      screen.getByText('The risk has been successfully created from the draft'),
    ).toBeInTheDocument();
    act(() => clearPageToasts());
    endAnimations();
    await waitFor(() => expect(document.querySelector('.Toastify__toast')).toBeNull());
  });
});

describe('the page a toast belongs to', () => {
  /** A signed-in layout's clearing, with a page that raises its info as it opens (the risks step). */
  function Layout() {
    usePageToasts();
    return <Outlet />;
  }
  function OpensWithInfo() {
    useEffect(() => {
      notify.info('Now you may see the risks and issues created during the check.');
    }, []);
    return <h1>Risks step</h1>;
  }
  const renderApp = (path: string) => {
    const router = createMemoryRouter(
      [
        {
          element: <Layout />,
          children: [
            { path: '/risks/:riskId', element: <h1>Risk</h1> },
            { path: '/survey/:pollId/risks', element: <OpensWithInfo /> },
            { path: '*', element: <h1>Elsewhere</h1> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    render(
      <>
        <RouterProvider router={router} />
        <ToastContainer />
      </>,
    );
    return router;
  };
  /** The toasts shown and not on their way out (a dismissed one plays its exit first). */
  const shown = () =>
    [...document.querySelectorAll('.Toastify__toast[data-in="true"]')].map(
      (toast) => toast.textContent,
    );
  const gone = async (text: string) => {
    endAnimations();
    await waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());
  };

  it('is the path and its tab: a tab switch clears, a filter or a sort does not', async () => {
    const router = renderApp('/risks/7?tab=comments');
    act(() => {
      notify.success('Your comment has been added.');
    });
    expect(await screen.findByText('Your comment has been added.')).toBeInTheDocument();
    await act(() => router.navigate('/risks/7?tab=comments&sort=-created'));
    expect(shown()).toEqual(['Your comment has been added.']);
    await act(() => router.navigate('/risks/7?tab=action-items'));
    await gone('Your comment has been added.');
  });

  it('keeps the toast a page raises as it opens, and clears it when the user leaves', async () => {
    const router = renderApp('/risks/7');
    await act(() => router.navigate('/survey/2/risks'));
    expect(await screen.findByText(/Now you may see the risks/)).toBeInTheDocument();
    // Shown, not cleared by the navigation that opened its page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shown()).toEqual(['Now you may see the risks and issues created during the check.']);
    await act(() => router.navigate('/checks'));
    await gone('Now you may see the risks and issues created during the check.');
  });

  it('shows a success raised before a navigation on the next page once, then clears it', async () => {
    const router = renderApp('/create-risk/project');
    act(() => {
      notify.successOnNextPage('The risk has been successfully created');
    });
    await act(() => router.navigate('/risks/8'));
    await waitFor(() => expect(shown()).toEqual(['The risk has been successfully created']));
    await act(() => router.navigate('/risks/8?tab=history'));
    await gone('The risk has been successfully created');
  });

  it('names the page by its path and its tab only', () => {
    expect(toastPageOf({ pathname: '/risks/7', search: '?tab=comments&page=2' })).toBe(
      '/risks/7?tab=comments',
    );
    expect(toastPageOf({ pathname: '/risks', search: '?search=late&sort=due' })).toBe('/risks');
  });
});

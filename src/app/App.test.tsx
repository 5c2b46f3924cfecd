import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROCEED_ANYWAY_KEY } from '../shared/lib/browser';
import { navigate } from '../shared/lib/navigation';
import { requestToastContainer } from '../shared/lib/toastHost';
import { useMockBackend } from '../testing/mockBackend';
import { App } from './App';
import { isPublicPath } from './router';

/** The whole app at `path`, signed out (jsdom is no supported browser: its notice is passed). */
function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  sessionStorage.setItem(PROCEED_ANYWAY_KEY, 'true');
  return render(<App />);
}

const toastContainer = () => document.querySelector('.Toastify');

describe('the first screen', () => {
  it('names the public paths, which need no signed-in route table', () => {
    expect(isPublicPath('/login')).toBe(true);
    expect(isPublicPath('/login/')).toBe(true);
    expect(isPublicPath('/fake-auth')).toBe(true);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicPath('/risks')).toBe(false);
    expect(isPublicPath('/login/more')).toBe(false);
  });

  it('shows /login with its first render, without the toast code', () => {
    renderApp('/login');
    // No chunk to wait for: neither a loading screen nor an empty page comes first.
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Let's start!" })).toBeInTheDocument();
    expect(toastContainer()).toBeNull();
  });

  describe('to a signed-in path', () => {
    // Two causes of failures under load, neither the app's. The first import of the signed-in
    // route table (every screen's module) goes through the test transform: on two cores shared
    // with other runs it took longer than the 10 s these tests waited. So it is imported here
    // first, outside the tests' clocks; the tests still start on a router without the table
    // (/login) or before it (a page load), and the app still loads it through its own chunk
    // loading. And the router changes the URL before it renders the page in a transition: the
    // link is waited for after the URL, not looked up at once.
    beforeAll(async () => {
      await Promise.all([import('./signedInRoutes'), import('./apiJoin')]);
    }, 120_000);

    it('loads the signed-in routes on the way from /login to another page', async () => {
      renderApp('/login');
      await screen.findByRole('link', { name: "Let's start!" });
      act(() => navigate('/risks'));
      // Signed out, the session check of the signed-in branch sends the visitor back.
      await waitFor(() => expect(window.location.search).toBe('?redirectTo=%2Frisks'), {
        timeout: 10_000,
      });
      expect(window.location.pathname).toBe('/login');
      // The router changes the URL first and renders in a transition: the page follows.
      expect(await screen.findByRole('link', { name: "Let's start!" })).toBeInTheDocument();
    });

    it('loads the signed-in routes before the router on a page load of another path', async () => {
      renderApp('/projects/1');
      await waitFor(() => expect(window.location.pathname).toBe('/login'), { timeout: 10_000 });
      expect(window.location.search).toBe('?redirectTo=%2Fprojects%2F1');
      expect(await screen.findByRole('link', { name: "Let's start!" })).toBeInTheDocument();
    });
  });

  it('opens a public page that calls the API (fake-auth) with the API there', async () => {
    // The mock backend's personas (fixtures/personas.json), as the demo offers them.
    await useMockBackend();
    renderApp('/fake-auth');
    expect(
      await screen.findByRole('button', { name: 'Sign in as Priya Nair, Project manager' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Sign in as / })).toHaveLength(11);
  }, 60_000);

  it('mounts the toast container with the first toast', async () => {
    renderApp('/login');
    await screen.findByRole('link', { name: "Let's start!" });
    expect(toastContainer()).toBeNull();
    act(() => requestToastContainer());
    await waitFor(() => expect(toastContainer()).not.toBeNull());
  });
});

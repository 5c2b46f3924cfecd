import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { PersonaSummary } from '../api/contract/auth';
import { PROCEED_ANYWAY_KEY } from '../shared/lib/browser';
import { navigate } from '../shared/lib/navigation';
import { requestToastContainer } from '../shared/lib/toastHost';
import { API } from '../testing/msw/handlers';
import { server } from '../testing/msw/server';
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

  it('loads the signed-in routes on the way from /login to another page', async () => {
    renderApp('/login');
    await screen.findByRole('link', { name: "Let's start!" });
    act(() => navigate('/risks'));
    // Signed out, the session check of the signed-in branch sends the visitor back.
    // (The first import of the route table's modules is slow under the test transform.)
    await waitFor(() => expect(window.location.search).toBe('?redirectTo=%2Frisks'), {
      timeout: 10_000,
    });
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('link', { name: "Let's start!" })).toBeInTheDocument();
  });

  it('loads the signed-in routes before the router on a page load of another path', async () => {
    renderApp('/projects/1');
    await waitFor(() => expect(window.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(window.location.search).toBe('?redirectTo=%2Fprojects%2F1');
    expect(await screen.findByRole('link', { name: "Let's start!" })).toBeInTheDocument();
  });

  it('opens a public page that calls the API (fake-auth) with the API there', async () => {
    const pm: PersonaSummary = {
      id: 'pm',
      name: 'Priya Nair',
      login: 'priya.nair',
      role: 'Project manager',
      description: 'Self checks',
      isPortfolio: false,
    };
    server.use(http.get(`${API}/api/auth/personas/`, () => HttpResponse.json([pm])));
    renderApp('/fake-auth');
    expect(
      await screen.findByRole('button', { name: 'Sign in as Priya Nair, Project manager' }),
    ).toBeInTheDocument();
  });

  it('mounts the toast container with the first toast', async () => {
    renderApp('/login');
    await screen.findByRole('link', { name: "Let's start!" });
    expect(toastContainer()).toBeNull();
    act(() => requestToastContainer());
    await waitFor(() => expect(toastContainer()).not.toBeNull());
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { clearPageToasts, notify } from './toasts';

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

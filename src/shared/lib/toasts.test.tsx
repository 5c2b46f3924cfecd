import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { clearPageToasts, notify } from './toasts';

describe('page-bound toasts (spec §8)', () => {
  it('clears info and warning toasts on a path change and keeps successes', async () => {
    render(<ToastContainer />);
    act(() => {
      notify.info('Now you may see the risks and issues created during the check.');
      notify.warning('Please provide at least one Supervisor comment');
      notify.success('You have successfully changed your Main Expert');
    });
    expect(await screen.findByText(/Now you may see the risks/)).toBeInTheDocument();
    expect(screen.getByText(/Supervisor comment/)).toBeInTheDocument();
    act(() => clearPageToasts());
    // jsdom runs no CSS animations: end the exit animations by hand.
    document.querySelectorAll('.Toastify__toast').forEach((toast) => fireEvent.animationEnd(toast));
    await waitFor(() =>
      expect(screen.queryByText(/Now you may see the risks/)).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(/Supervisor comment/)).not.toBeInTheDocument();
    expect(screen.getByText('You have successfully changed your Main Expert')).toBeInTheDocument();
  });
});

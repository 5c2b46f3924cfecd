import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { clearPageToasts } from '../shared/lib/toasts';
import { showErrorToast } from './showErrorToast';

describe('the error toast of a failed call (spec §8)', () => {
  it('persists on its page and is cleared when the path changes', async () => {
    render(<ToastContainer />);
    act(() =>
      showErrorToast({ status: 500, data: undefined, statusText: 'Server Error', silent: false }),
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    act(() => clearPageToasts());
    // jsdom runs no CSS animations: end the exit animation by hand.
    document.querySelectorAll('.Toastify__toast').forEach((toast) => fireEvent.animationEnd(toast));
    await waitFor(() => expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument());
  });
});

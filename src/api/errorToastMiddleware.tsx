import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { requestToastContainer } from '../shared/lib/toastHost';
import type { ApiError } from './baseQuery';

/**
 * The one place failed calls turn into toasts: persistent, one per distinct message. The toast
 * code (react-toastify, the error texts, DOMPurify's wrapper) loads with the first failure, not
 * with the entry chunk.
 */
export const errorToastMiddleware: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const error = action.payload as ApiError | undefined;
    if (error && !error.silent) {
      requestToastContainer();
      import('./showErrorToast').then(
        ({ showErrorToast }) => showErrorToast(error),
        (failure: unknown) => console.error('The error toast could not load', failure),
      );
    }
  }
  return next(action);
};

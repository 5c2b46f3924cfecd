import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { toast } from 'react-toastify';
import type { ApiError } from './baseQuery';
import { describeApiError } from './errorMessages';
import { ErrorToast } from './ErrorToast';

/** The one place failed calls turn into toasts: persistent, one per distinct message. */
export const errorToastMiddleware: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const error = action.payload as ApiError | undefined;
    if (error && !error.silent) {
      const message = describeApiError(error);
      toast.error(<ErrorToast message={message} />, {
        autoClose: false,
        toastId: `api-error:${JSON.stringify(message)}`,
      });
    }
  }
  return next(action);
};

import { toast } from 'react-toastify';
import { bindToPage } from '../shared/lib/toasts';
import type { ApiError } from './baseQuery';
import { describeApiError } from './errorMessages';
import { ErrorToast } from './ErrorToast';

/**
 * The persistent error toast of a failed call: one per distinct message. It stays until closed
 * or until the user leaves the page it is about (spec §8).
 */
export function showErrorToast(error: ApiError): void {
  const message = describeApiError(error);
  bindToPage(
    toast.error(<ErrorToast message={message} />, {
      autoClose: false,
      toastId: `api-error:${JSON.stringify(message)}`,
    }),
  );
}

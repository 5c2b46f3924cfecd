import { toast } from 'react-toastify';
import type { ApiError } from './baseQuery';
import { describeApiError } from './errorMessages';
import { ErrorToast } from './ErrorToast';

/** The persistent error toast of a failed call: one per distinct message. */
export function showErrorToast(error: ApiError): void {
  const message = describeApiError(error);
  toast.error(<ErrorToast message={message} />, {
    autoClose: false,
    toastId: `api-error:${JSON.stringify(message)}`,
  });
}

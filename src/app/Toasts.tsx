import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import '../shared/ui/toasts.css';

/** Spec §9: toasts 5000 ms, top-centre, with a close button. */
export const TOAST_DEFAULT_MS = 5000;

/** The page's one toast container, loaded lazily by ToastHost (default export for React.lazy). */
export default function Toasts() {
  return (
    <ToastContainer position="top-center" autoClose={TOAST_DEFAULT_MS} closeButton newestOnTop />
  );
}

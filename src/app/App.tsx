import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { BrowserNotice } from '../features/shell/BrowserNotice';
import { setNavigator } from '../shared/lib/navigation';
import { createAppRouter } from './router';
import { setupStore } from './store';
import '../shared/ui/tokens.css';
import '../shared/ui/base.css';
import '../shared/ui/toasts.css';

/** Spec §9: toasts 5000 ms, top-centre, with a close button. */
export const TOAST_DEFAULT_MS = 5000;

export function App() {
  const [store] = useState(setupStore);
  const [router] = useState(createAppRouter);
  useEffect(() => {
    setNavigator((to) => void router.navigate(to));
  }, [router]);
  return (
    <Provider store={store}>
      <BrowserNotice>
        <RouterProvider router={router} />
      </BrowserNotice>
      <ToastContainer position="top-center" autoClose={TOAST_DEFAULT_MS} closeButton newestOnTop />
    </Provider>
  );
}

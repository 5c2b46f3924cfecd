import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { BrowserNotice } from '../features/shell/BrowserNotice';
import { setNavigator } from '../shared/lib/navigation';
import { createAppRouter } from './router';
import { setupStore } from './store';
import { ToastHost } from './ToastHost';
import '../shared/ui/tokens.css';
import '../shared/ui/base.css';

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
      <ToastHost />
    </Provider>
  );
}

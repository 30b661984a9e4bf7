import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from 'sonner';
import { setUnauthorizedNavigator } from './api/client.ts';
import { createAdminRouter } from './router.tsx';
import './styles/tokens.css';
import './styles/base.css';

const router = createAdminRouter();
setUnauthorizedNavigator((path) => {
  void router.navigate(path, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('The control panel needs an element with id "root".');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
    <Toaster position="top-right" richColors closeButton />
  </StrictMode>,
);

import { trackViewport } from '@fm/widgets/viewport';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router.tsx';
import { setUnauthorizedRedirect } from './shared/api-client.ts';
import './styles/index.css';

trackViewport();
const router = createRouter();
setUnauthorizedRedirect((path) => {
  void router.navigate(path, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

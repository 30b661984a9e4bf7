import { trackViewport } from '@fm/widgets/viewport';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './app/router.tsx';
import { setUnauthorizedRedirect } from './shared/api-client.ts';
import { forgetDataOfPreviousUser, queryClient } from './shared/query-client.ts';
import './styles/index.css';

trackViewport();
forgetDataOfPreviousUser(queryClient);
const router = createRouter();
setUnauthorizedRedirect((path) => {
  void router.navigate(path, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

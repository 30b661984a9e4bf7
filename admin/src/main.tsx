import { AppToaster } from '@fm/widgets/kit';
import { trackViewport } from '@fm/widgets/viewport';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setUnauthorizedNavigator } from './api/client.ts';
import { queryClient } from './api/query-client.ts';
import { createAdminRouter } from './router.tsx';
import '@fm/widgets/kit.css';
import './styles/admin-tokens.css';
import './styles/base.css';
import './styles/screens.css';

// The kit's forms and photo picker take their phone layout from `data-viewport` on <html>.
trackViewport();
const router = createAdminRouter();
setUnauthorizedNavigator((path) => {
  queryClient.clear();
  void router.navigate(path, { replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('The control panel needs an element with id "root".');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  </StrictMode>,
);

import { trackViewport } from '@fm/widgets/viewport';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter, loadPagesOf, routes } from './app/router.tsx';
import { setUnauthorizedRedirect, tokenStore } from './shared/api-client.ts';
import { forgetDataOfPreviousUser, queryClient } from './shared/query-client.ts';
import './styles/index.css';

trackViewport();
forgetDataOfPreviousUser(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// Rule 22: a public page comes with its body rendered by the server for a guest. Its page's code is
// loaded before the first render, so that render is the page, not the loading frame that would
// replace it.
const serverRendered = container.firstElementChild !== null;
if (serverRendered) await loadPagesOf(routes, window.location.pathname);

const router = createRouter();
setUnauthorizedRedirect((path) => {
  void router.navigate(path, { replace: true });
});

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

// A guest sees what the server rendered: the app takes it over as it is. A signed-in visitor sees
// more (Book, Message, favourite): the app renders over it.
if (serverRendered && tokenStore.get() === null) hydrateRoot(container, app);
else createRoot(container).render(app);

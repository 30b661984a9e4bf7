import { APP_READY_EVENT } from '@fm/sdk/contracts';
import { trackViewport } from '@fm/widgets/viewport';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createRouter, loadPagesOf, routes } from './app/router.tsx';
import { loadSignedInParts } from './layout/signed-in-parts.ts';
import { setUnauthorizedRedirect, tokenStore } from './shared/api-client.ts';
import { switchOnDeferredStylesheets } from './shared/deferred-stylesheet.ts';
import { forgetDataOfPreviousUser, queryClient } from './shared/query-client.ts';
import './styles/index.css';

trackViewport();
forgetDataOfPreviousUser(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// A signed-in visitor's frame has parts a guest's has not: their code loads beside the page's.
if (tokenStore.get() !== null) void loadSignedInParts();

/** Resolves in a task after this one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Makes the router and renders the app into `root`. */
function start(root: HTMLElement, serverRendered: boolean): void {
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
  // A guest sees what the server rendered: the app takes it over as it is. A signed-in visitor
  // sees more (Book, Message, favourite): the app renders over it.
  if (serverRendered && tokenStore.get() === null) hydrateRoot(root, app);
  else createRoot(root).render(app);
  // The first-page script clicks again what a guest clicked while the app was loading.
  document.dispatchEvent(new Event(APP_READY_EVENT));
}

// Rule 22: a public page comes with its body rendered by the server for a guest, and the
// first-page script loads this code when the guest first acts on the page. Its page's code is
// loaded before the first render, so that render is the page, not the loading frame that would
// replace it; if that code cannot be loaded, the app renders over the page and its router says
// why. The whole stylesheet, deferred by the page, is switched on and waited for too.
// (No top-level await: in the entry, the bundler would split the app's first code into a
// chunk per module shared with a page, each a request of its own.) The hydration runs in a task
// of its own: when the page's code came with the app's, evaluating both and hydrating would be one
// long task holding a phone's main thread, where two shorter ones let it answer in between.
if (container.firstElementChild !== null) {
  void Promise.all([
    loadPagesOf(routes, window.location.pathname),
    switchOnDeferredStylesheets(document),
  ])
    .then(nextTask)
    .then(
      () => start(container, true),
      () => start(container, false),
    );
} else {
  start(container, false);
}
